import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ssh2 from 'ssh2';
import SftpClient from 'ssh2-sftp-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { azuracastStation } from '../../../functions/src/platform/station/azuracast-station';
import type { StationEnv } from '../../../functions/src/platform/station/station';
import { runFfmpeg } from '../media';
import { freePort } from '../ports';
import { readId3, stripTags } from './id3';
import { startDemoStation, type DemoStation } from './index';
import { newHostKey } from './sftp-server';

const USER = 'foolrate';
const PASSWORD = 'test-password';
const KEY = 'test-api-key';
/** The station's zone: 20:00 UTC on 22 Nov 2026 is 14:00 there (schedule items are in it). */
const ZONE = 'America/Chicago';
const TITLE = 'Neön Rain ✓';
const ARTIST = 'Kai Monroe';
const REMOTE = '/music/2026/11/neon-rain-abc.mp3';

let dir: string;
let station: DemoStation;
let config: StationEnv;
let upload: Buffer;
/** The station's fake clock: the test moves it and calls tick(). */
let t = Date.UTC(2026, 10, 22, 20, 0, 0);

async function mp3(path: string, seconds: number, tags: Record<string, string>): Promise<Buffer> {
  const meta = Object.entries(tags).flatMap(([k, v]) => ['-metadata', `${k}=${v}`]);
  // v2.3 writes non-latin text as UTF-16, v2.4 (ffmpeg's default) as UTF-8: the loop uses one, the upload the other.
  const version = Object.keys(tags).length ? ['-id3v2_version', '3'] : ['-id3v2_version', '4'];
  await runFfmpeg(['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, '-ac', '2', '-ar', '44100', '-c:a', 'libmp3lame', '-b:a', '128k', ...meta, ...version, path]);
  return readFile(path);
}

const advance = (ms: number) => {
  t += ms;
  station.tick();
};
const nowPlaying = async () => (await (await fetch(station.urls.nowPlaying)).json()) as any;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'demo-station-'));
  const loopMp3 = join(dir, 'loop.mp3');
  await mp3(loopMp3, 5, {});
  upload = await mp3(join(dir, 'upload.mp3'), 3, { title: TITLE, artist: ARTIST });
  const [httpPort, sftpPort] = [await freePort(), await freePort()];
  station = await startDemoStation({ httpPort, sftpPort, mediaDir: join(dir, 'media'), loopMp3, user: USER, password: PASSWORD, hostKeyPath: join(dir, 'host-key'), now: () => t, fillerSeconds: 2, apiKey: KEY, timezone: ZONE });
  config = { sftp: { host: '127.0.0.1', port: sftpPort, username: USER, password: PASSWORD }, apiUrl: station.urls.api, stationId: 'foolrate', apiKey: KEY };
});

afterAll(async () => {
  await station?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('the SFTP host key', () => {
  it('is always one ssh2 can parse (it makes a few in a thousand it cannot)', () => {
    for (let i = 0; i < 3000; i++) expect(ssh2.utils.parseKey(newHostKey())).not.toBeInstanceOf(Error);
  });
});

describe('id3', () => {
  it('reads the title and artist ffmpeg wrote (UTF-16 in v2.3) and strips the tag', () => {
    expect(readId3(upload)).toMatchObject({ title: TITLE, artist: ARTIST });
    const audio = stripTags(upload);
    expect(audio[0]).toBe(0xff);
    expect(audio.includes(Buffer.from('TIT2'))).toBe(false);
  });
});

describe('the demo station through the AzuraCast gateway', () => {
  it('takes an upload over SFTP into the media folder, making its folders', async () => {
    await azuracastStation(config).upload(REMOTE, upload);
    expect(await readFile(join(dir, 'media', 'music/2026/11/neon-rain-abc.mp3'))).toEqual(upload);
    expect(existsSync(join(dir, 'host-key'))).toBe(true);
    // The library took it in before put() resolved: it is listed at once.
    const list = (await (await fetch(`${station.urls.api}/api/station/foolrate/files?searchPhrase=neön`, { headers: { 'X-API-Key': KEY } })).json()) as any[];
    expect(list).toEqual([expect.objectContaining({ id: expect.any(Number), path: 'music/2026/11/neon-rain-abc.mp3', title: TITLE, artist: ARTIST, text: `${ARTIST} - ${TITLE}`, playlists: [] })]);
  });

  it('takes uploads at the same time into folders none of them found (two admins, a new month)', async () => {
    const gateway = azuracastStation(config);
    const paths = ['/music/2027/01/a.mp3', '/music/2027/01/b.mp3', '/ads/2027/01/c.mp3', '/music/2027/01/d.mp3'];
    await Promise.all(paths.map((path) => gateway.upload(path, upload)));
    for (const path of paths) expect(await readFile(join(dir, 'media', path))).toEqual(upload);
  });

  it('refuses a path that climbs out of the media folder, and a wrong password', async () => {
    const sftp = new SftpClient();
    await sftp.connect({ host: '127.0.0.1', port: config.sftp.port, username: USER, password: PASSWORD });
    try {
      await expect(sftp.put(Buffer.from('x'), '/../escape.mp3')).rejects.toThrow(/denied/i);
      await expect(sftp.mkdir('/music/../../outside', true)).rejects.toThrow();
      expect(await sftp.exists('/music/2026/11/neon-rain-abc.mp3')).toBe('-');
      expect(await sftp.exists('/nothing-here')).toBe(false);
      expect((await sftp.list('/music/2026/11')).map((f) => f.name)).toEqual(['neon-rain-abc.mp3']);
      expect(await sftp.get('/music/2026/11/neon-rain-abc.mp3')).toEqual(upload);
    } finally {
      await sftp.end();
    }
    expect(existsSync(join(dir, 'escape.mp3'))).toBe(false);
    expect(existsSync(join(dir, 'outside'))).toBe(false);
    const wrong = azuracastStation({ ...config, sftp: { ...config.sftp, password: 'wrong' } });
    await expect(wrong.upload('/music/2026/11/x.mp3', upload)).rejects.toThrow(/authentication/i);
  });

  it('plays a scheduled file at its minute in the station’s zone (cutting the song on air), lists it in the history, and takes it off the schedule', async () => {
    const gateway = azuracastStation(config);
    expect((await gateway.recent()).now?.title).toBe('Neon Rain');
    const slot = t + 60_000; // 14:01 in Chicago
    const id = await gateway.schedule({ path: REMOTE, title: TITLE, artist: ARTIST }, slot);
    const playlist = (await (await fetch(`${station.urls.api}/api/station/foolrate/playlist/${id}`, { headers: { 'X-API-Key': KEY } })).json()) as any;
    expect(playlist).toMatchObject({ is_enabled: true, include_in_requests: false, backend_options: ['interrupt', 'single_track'], num_songs: 1 });
    expect(playlist.schedule_items).toEqual([expect.objectContaining({ start_time: 1401, end_time: 1401, start_date: '2026-11-22', end_date: '2026-11-22', days: [], loop_once: true })]);

    advance(30_000);
    expect((await gateway.recent()).now?.title).not.toBe(TITLE);
    advance(30_000);
    const airing = await gateway.recent();
    expect(airing.now).toMatchObject({ title: TITLE, artist: ARTIST, playedAt: Math.floor(slot / 1000) * 1000 });
    expect((await nowPlaying()).now_playing).toMatchObject({ is_request: false, playlist: playlist.name, song: { title: TITLE } });

    advance(3_500);
    const after = await gateway.recent();
    expect(after.now?.title).not.toBe(TITLE);
    expect(after.history[0]).toMatchObject({ title: TITLE, artist: ARTIST, playedAt: airing.now!.playedAt });
    // Once per period: it does not come back in its 15 minutes.
    advance(4_000);
    expect((await gateway.recent()).now?.title).not.toBe(TITLE);
    await gateway.unschedule(id);
    await gateway.unschedule(id); // gone already: fine
    const lists = (await (await fetch(`${station.urls.api}/api/station/foolrate/playlists`, { headers: { 'X-API-Key': KEY } })).json()) as any[];
    expect(lists).toEqual([]);
  });

  it('airs the file at the path it was given when another has the same tags (a re-upload), and refuses a file it does not have', async () => {
    const gateway = azuracastStation(config);
    const [older, newer] = ['/ads/2026/11/ad-old.mp3', '/ads/2026/11/ad-new.mp3'];
    await gateway.upload(older, await mp3(join(dir, 'ad-old.mp3'), 2, { title: 'Advertisement', artist: 'Pizza Palace' }));
    await gateway.upload(newer, await mp3(join(dir, 'ad-new.mp3'), 4, { title: 'Advertisement', artist: 'Pizza Palace' }));
    const id = await gateway.schedule({ path: newer, title: 'Advertisement', artist: 'Pizza Palace' }, t);
    advance(300);
    expect((await nowPlaying()).now_playing).toMatchObject({ duration: 4, song: { title: 'Advertisement' } });
    advance(4_200);
    await gateway.unschedule(id);
    await expect(gateway.schedule({ path: '/music/2026/11/none.mp3', title: 'Nope', artist: 'Nobody' }, t)).rejects.toThrow(/no file at/);
    expect((await (await fetch(`${station.urls.api}/api/station/foolrate/playlists`, { headers: { 'X-API-Key': KEY } })).json()) as any[]).toEqual([]);
  });

  it('plays the loop between requests as short filler songs', async () => {
    const playing = (await nowPlaying()).now_playing;
    expect(playing).toMatchObject({ is_request: false, duration: 2 });
    advance(2_100);
    const np = await nowPlaying();
    expect(np.now_playing.song.title).not.toBe(playing.song.title);
    expect(np.song_history.map((h: any) => h.song.title)).toContain(playing.song.title);
  });

  it('gzips its JSON for a client that accepts it, and only then', async () => {
    const zipped = await fetch(station.urls.nowPlaying, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    const plain = await fetch(station.urls.nowPlaying, { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    // fetch undoes the gzip: both carry the same now-playing answer.
    expect(((await zipped.json()) as any).station).toEqual(((await plain.json()) as any).station);
  });

  it('streams audio/mpeg on one shared clock', async () => {
    const abort = new AbortController();
    const res = await fetch(station.urls.stream, { signal: abort.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const reader = res.body!.getReader();
    let received = 0;
    advance(1_000); // one second of audio: 16,000 bytes after the burst
    while (received < 16_000) received += (await reader.read()).value?.length ?? 0;
    abort.abort();
    expect(received).toBeGreaterThanOrEqual(16_000);
  });

  it('tells two mystery tracks apart by their album, and renames a file as AzuraCast does: the song playing now takes its new name', async () => {
    const gateway = azuracastStation(config);
    const mystery = (album: string) => ({ title: 'Mystery track', album });
    const [a, b] = ['/music/2027/02/mystery-aaa.mp3', '/music/2027/02/mystery-bbb.mp3'];
    await gateway.upload(a, await mp3(join(dir, 'ma.mp3'), 2, mystery('aaa')));
    const bFile = await mp3(join(dir, 'mb.mp3'), 3, mystery('bbb'));
    await gateway.upload(b, bFile);
    advance(2_500);
    await gateway.schedule({ path: b, title: 'Mystery track', artist: '', album: 'bbb' }, t);
    advance(100);
    const np = await nowPlaying();
    expect(np.now_playing.song).toMatchObject({ title: 'Mystery track', artist: '', album: 'bbb', text: 'Mystery track' });
    expect((await gateway.recent()).now).toMatchObject({ title: 'Mystery track', artist: '', album: 'bbb' });

    await gateway.retag({ path: b, title: 'Glass Harbor', artist: 'Lena Hart', album: '' });
    expect((await nowPlaying()).now_playing.song).toMatchObject({ title: 'Glass Harbor', artist: 'Lena Hart', album: '', text: 'Lena Hart - Glass Harbor' });
    const onDisk = await readFile(join(dir, 'media', b));
    expect(readId3(onDisk)).toEqual({ title: 'Glass Harbor', artist: 'Lena Hart' });
    expect(stripTags(onDisk)).toEqual(stripTags(bFile));
    advance(3_500);
    expect((await gateway.recent()).history[0]).toMatchObject({ title: 'Glass Harbor', artist: 'Lena Hart' });
    // The other mystery kept its tags; a file the station does not have cannot be renamed.
    const files = (await (await fetch(`${station.urls.api}/api/station/foolrate/files?searchPhrase=mystery-aaa`, { headers: { 'X-API-Key': KEY } })).json()) as any[];
    expect(files).toEqual([expect.objectContaining({ path: 'music/2027/02/mystery-aaa.mp3', title: 'Mystery track', artist: '', album: 'aaa' })]);
    await expect(gateway.retag({ path: '/music/2027/02/none.mp3', title: 'X', artist: 'Y' })).rejects.toThrow(/no file at/);
  });
});

describe('the gateway and the API key', () => {
  it('sends the key on every call, now-playing too: with the public API off it still reads it; without the key the station refuses', async () => {
    station.state.publicApi = false;
    try {
      expect((await azuracastStation(config).recent()).now).not.toBeNull();
      const keyless = azuracastStation({ ...config, apiKey: null });
      await expect(keyless.recent()).rejects.toThrow(/HTTP 403.*STATION_API_KEY/);
      await expect(keyless.retag({ path: REMOTE, title: 'X', artist: 'Y' })).rejects.toThrow(/HTTP 403/);
    } finally {
      station.state.publicApi = true;
    }
  });

  it('reports an offline station as offline with nothing on air', async () => {
    station.state.online = false;
    try {
      expect(await azuracastStation(config).recent()).toMatchObject({ now: null, online: false });
    } finally {
      station.state.online = true;
    }
  });
});
