import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ssh2 from 'ssh2';
import SftpClient from 'ssh2-sftp-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { azuracastStation } from '../../../functions/src/platform/azuracast-station';
import type { StationConfig } from '../../../functions/src/platform/station';
import { runFfmpeg } from '../media';
import { freePort } from '../ports';
import { readId3, stripTags } from './id3';
import { startDemoStation, type DemoStation } from './index';
import { newHostKey } from './sftp-server';

const USER = 'foolrate';
const PASSWORD = 'test-password';
const TITLE = 'Neön Rain ✓';
const ARTIST = 'Kai Monroe';
const REMOTE = '/music/2026/11/neon-rain-abc.mp3';

let dir: string;
let station: DemoStation;
let config: StationConfig;
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
  station = await startDemoStation({ httpPort, sftpPort, mediaDir: join(dir, 'media'), loopMp3, user: USER, password: PASSWORD, hostKeyPath: join(dir, 'host-key'), now: () => t, fillerSeconds: 2 });
  config = { sftp: { host: '127.0.0.1', port: sftpPort, username: USER, password: PASSWORD }, apiUrl: station.urls.api, stationId: 'foolrate', apiKey: null };
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
    // The library took it in before put() resolved: it is requestable at once.
    const list = (await (await fetch(`${station.urls.api}/api/station/foolrate/requests?searchPhrase=neön`)).json()) as any[];
    expect(list).toEqual([expect.objectContaining({ path: 'music/2026/11/neon-rain-abc.mp3', song: expect.objectContaining({ title: TITLE, artist: ARTIST, text: `${ARTIST} - ${TITLE}` }) })]);
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

  it('plays a requested file next (at once over the filler), then lists it in the history', async () => {
    const gateway = azuracastStation(config);
    const before = await gateway.recent();
    expect(before.now?.title).toBe('Neon Rain');
    expect((await nowPlaying()).now_playing.is_request).toBe(false);

    advance(500);
    await gateway.playNext({ path: REMOTE, title: TITLE, artist: ARTIST });
    const airing = await gateway.recent();
    expect(airing.now).toMatchObject({ title: TITLE, artist: ARTIST, playedAt: Math.floor(t / 1000) * 1000 });
    expect(airing.now?.duration).toBeGreaterThanOrEqual(3);
    const np = await nowPlaying();
    expect(np.now_playing).toMatchObject({ is_request: true, song: { title: TITLE, artist: ARTIST } });
    expect(np.song_history[0]).toMatchObject({ is_request: false, song: { title: 'Neon Rain' } }); // the filler, cut short

    advance(3_500);
    const after = await gateway.recent();
    expect(after.now?.title).not.toBe(TITLE);
    expect(after.history[0]).toMatchObject({ title: TITLE, artist: ARTIST, playedAt: airing.now!.playedAt });
  });

  it('queues a request behind a playing request, and refuses an unknown song', async () => {
    const gateway = azuracastStation(config);
    await gateway.upload('/ads/2026/11/spot.mp3', await mp3(join(dir, 'spot.mp3'), 2, { title: 'Spot', artist: 'Ad Co' }));
    await gateway.playNext({ path: REMOTE, title: TITLE, artist: ARTIST });
    await gateway.playNext({ path: '/ads/2026/11/spot.mp3', title: 'Spot', artist: 'Ad Co' });
    const np = await nowPlaying();
    expect(np.now_playing.song.title).toBe(TITLE);
    expect(np.playing_next).toMatchObject({ is_request: true, song: { title: 'Spot' } });
    advance(3_200);
    expect((await gateway.recent()).now?.title).toBe('Spot');
    advance(2_200);
    expect((await gateway.recent()).now?.title).not.toBe('Spot');
    await expect(gateway.playNext({ path: '/music/2026/11/none.mp3', title: 'Nope', artist: 'Nobody' })).rejects.toThrow(/no requestable song/);
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
    advance(2_500); // past any request still playing
    await gateway.playNext({ path: b, title: 'Mystery track', artist: '', album: 'bbb' });
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
    const files = (await (await fetch(`${station.urls.api}/api/station/foolrate/files?searchPhrase=mystery-aaa`)).json()) as any[];
    expect(files).toEqual([expect.objectContaining({ path: 'music/2027/02/mystery-aaa.mp3', title: 'Mystery track', artist: '', album: 'aaa' })]);
    await expect(gateway.retag({ path: '/music/2027/02/none.mp3', title: 'X', artist: 'Y' })).rejects.toThrow(/no file at/);
  });
});

describe('the gateway against other AzuraCast answers', () => {
  it('finds the song in a paginated request list and sends the API key', async () => {
    const seen: Array<{ url: string; key: string | undefined }> = [];
    const server = createServer((req, res) => {
      seen.push({ url: `${req.method} ${req.url}`, key: req.headers['x-api-key'] as string | undefined });
      res.setHeader('Content-Type', 'application/json');
      if (req.url?.startsWith('/api/station/7/requests')) {
        res.end(JSON.stringify({ page: 1, per_page: 25, total: 2, total_pages: 1, rows: [
          { request_id: 'other', song: { title: 'Paper Moons', artist: 'Lena Hart' } },
          { request_id: 'abc123', request_url: '/api/station/7/request/abc123', song: { title: 'Neon Rain', artist: 'Kai Monroe' } },
        ] })); // prettier-ignore
      } else res.end(JSON.stringify({ success: true, message: 'ok' }));
    });
    const port = await freePort();
    await new Promise<void>((ok) => server.listen(port, '127.0.0.1', ok));
    try {
      const gateway = azuracastStation({ ...config, apiUrl: `http://127.0.0.1:${port}/`, stationId: '7', apiKey: 'key-1' });
      await gateway.playNext({ path: '/music/2026/11/neon.mp3', title: 'Neon Rain', artist: 'Kai Monroe' });
      expect(seen).toEqual([
        { url: 'GET /api/station/7/requests?searchPhrase=Neon%20Rain', key: 'key-1' },
        { url: 'POST /api/station/7/request/abc123', key: 'key-1' },
      ]);
    } finally {
      server.close();
    }
  });

  it('requests the mystery track with the right album, and renames a file by its media id (PUT with the API key)', async () => {
    const seen: Array<{ url: string; key: string | undefined; body: string }> = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({ url: `${req.method} ${req.url}`, key: req.headers['x-api-key'] as string | undefined, body });
        res.setHeader('Content-Type', 'application/json');
        if (req.url?.startsWith('/api/station/7/requests')) {
          res.end(JSON.stringify([
            { request_id: 'm1', song: { title: 'Mystery track', artist: '', album: 'k1' } },
            { request_id: 'm2', song: { title: 'Mystery track', artist: '', album: 'k2' } },
          ])); // prettier-ignore
        } else if (req.url?.startsWith('/api/station/7/files')) {
          res.end(JSON.stringify([
            { id: 41, unique_id: 'u41', path: 'music/2026/11/mystery-k1.mp3', title: 'Mystery track' },
            { id: 42, unique_id: 'u42', path: 'music/2026/11/mystery-k2.mp3', title: 'Mystery track' },
          ])); // prettier-ignore
        } else res.end(JSON.stringify({ success: true, message: 'ok' }));
      });
    });
    const port = await freePort();
    await new Promise<void>((ok) => server.listen(port, '127.0.0.1', ok));
    try {
      const gateway = azuracastStation({ ...config, apiUrl: `http://127.0.0.1:${port}/`, stationId: '7', apiKey: 'key-1' });
      await gateway.playNext({ path: '/music/2026/11/mystery-k2.mp3', title: 'Mystery track', artist: '', album: 'k2' });
      await gateway.retag({ path: '/music/2026/11/mystery-k2.mp3', title: 'Neon Rain', artist: 'Kai Monroe', album: '' });
      expect(seen.map(({ url, key }) => ({ url, key }))).toEqual([
        { url: 'GET /api/station/7/requests?searchPhrase=Mystery%20track', key: 'key-1' },
        { url: 'POST /api/station/7/request/m2', key: 'key-1' },
        { url: 'GET /api/station/7/files?searchPhrase=mystery-k2.mp3', key: 'key-1' },
        { url: 'PUT /api/station/7/file/42', key: 'key-1' },
      ]);
      expect(JSON.parse(seen[3]!.body)).toEqual({ title: 'Neon Rain', artist: 'Kai Monroe', album: '' });
    } finally {
      server.close();
    }
  });
});
