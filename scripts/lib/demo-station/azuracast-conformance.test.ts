import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SftpClient from 'ssh2-sftp-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFfmpeg } from '../media';
import { freePort } from '../ports';
import { startDemoStation, type DemoStation } from './index';

/**
 * The demo station answers as AzuraCast does where the API meets it. Each case cites what it
 * follows in AzuraCast's source (github.com/AzuraCast/AzuraCast, 2026-08, paths under backend/)
 * or its OpenAPI document (web/static/openapi.yml).
 */

const KEY = 'conformance-key';
let dir: string;
let station: DemoStation;
let t = Date.UTC(2026, 7, 10, 12, 0, 0);
let api: string;
const advance = (ms: number) => {
  t += ms;
  station.tick();
};
const call = async (method: string, path: string, opts: { key?: boolean; body?: unknown } = {}) => {
  const res = await fetch(`${api}/api/station/foolrate${path}`, {
    method,
    headers: { ...(opts.key ? { 'X-API-Key': KEY } : {}), ...(opts.body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
  });
  return { status: res.status, body: (await res.json()) as any };
};

async function put(path: string, title: string, artist: string) {
  const file = join(dir, 'tone.mp3');
  await runFfmpeg(['-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', '-c:a', 'libmp3lame', '-b:a', '128k', '-metadata', `title=${title}`, '-metadata', `artist=${artist}`, '-id3v2_version', '3', file]);
  const sftp = new SftpClient();
  await sftp.connect({ host: '127.0.0.1', port: sftpPort, username: 'u', password: 'p' });
  try {
    await sftp.mkdir(path.slice(0, path.lastIndexOf('/')), true);
    await sftp.put(await readFile(file), path);
  } finally {
    await sftp.end();
  }
}
let sftpPort: number;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'azuracast-conformance-'));
  const loop = join(dir, 'loop.mp3');
  await runFfmpeg(['-f', 'lavfi', '-i', 'sine=frequency=220:duration=4', '-c:a', 'libmp3lame', '-b:a', '128k', loop]);
  const httpPort = await freePort();
  sftpPort = await freePort();
  station = await startDemoStation({ httpPort, sftpPort, mediaDir: join(dir, 'media'), loopMp3: loop, user: 'u', password: 'p', hostKeyPath: join(dir, 'key'), now: () => t, fillerSeconds: 60, apiKey: KEY });
  api = station.urls.api;
  await put('/ads/a.mp3', 'Advertisement', 'Pizza Palace');
  await put('/ads/b.mp3', 'Advertisement', 'Pizza Palace');
  await put('/music/c.mp3', 'Copper Lanterns', 'Ravi Ode');
});

afterAll(async () => {
  await station?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('AzuraCast conformance of the demo station', () => {
  it('lists requestable songs with request_id, request_url and song only, no path (Entity/Api/StationRequest.php)', async () => {
    const { status, body } = await call('GET', '/requests');
    expect(status).toBe(200);
    expect(body).toHaveLength(3);
    for (const row of body) expect(Object.keys(row).sort()).toEqual(['request_id', 'request_url', 'song']);
  });

  it('lists files with the media id, unique_id, song_id, path and playlists, only with an API key (Controller/Api/Stations/FilesController.php, Entity/Api/StationMedia.php; routes/api_station.php: StationPermissions::Media)', async () => {
    expect(await call('GET', '/files')).toMatchObject({ status: 403, body: { success: false, type: 'NotLoggedInException' } });
    const { status, body } = await call('GET', '/files', { key: true });
    expect(status).toBe(200);
    expect(body.map((f: any) => f.path)).toEqual(['ads/a.mp3', 'ads/b.mp3', 'music/c.mp3']);
    expect(body[0]).toMatchObject({ id: expect.any(Number), unique_id: expect.any(String), song_id: expect.any(String), playlists: [] });
    // Two files with the same tags: the same song_id, different media ids.
    expect(body[0].song_id).toBe(body[1].song_id);
    expect(body[0].id).not.toBe(body[1].id);
  });

  it('refuses a second request for a song already requested (500, SubmitAction: isTrackPending) and a song played in the last 15 minutes, the API key notwithstanding (500, hasPlayedRecently)', async () => {
    const rows = (await call('GET', '/requests')).body as any[];
    const [a, b] = rows.filter((r) => r.song.title === 'Advertisement');
    expect(await call('POST', `/request/${a.request_id}`, { key: true })).toMatchObject({ status: 200, body: { success: true } });
    advance(1_000);
    expect(await call('POST', `/request/${a.request_id}`, { key: true })).toMatchObject({
      status: 500,
      body: { success: false, type: 'CannotCompleteActionException', message: 'Cannot submit request: This song was already requested and will play soon.' },
    });
    advance(5_000);
    // a played (a request cuts the filler); b has the same title and artist: played too recently.
    expect((await (await fetch(station.urls.nowPlaying)).json()).song_history[0].song.title).toBe('Advertisement');
    expect(await call('POST', `/request/${b.request_id}`, { key: true })).toMatchObject({
      status: 500,
      body: { message: 'Cannot submit request: This song or artist has been played too recently. Wait a while before requesting it again.' },
    });
  });

  it('refuses a request from an address that requested within request_delay (5 min) unless it carries the key (500, SubmitAction), and a third post in 5 s (429, routes/api_station.php RateLimit(api, 5, 2); RateLimitExceededException)', async () => {
    advance(6_000);
    const c = ((await call('GET', '/requests')).body as any[]).find((r) => r.song.title === 'Copper Lanterns');
    expect(await call('POST', `/request/${c.request_id}`)).toMatchObject({
      status: 500,
      body: { message: 'Cannot submit request: You have submitted a request too recently! Please wait 5 minutes before submitting another one.' },
    });
    expect((await call('POST', `/request/${c.request_id}`)).status).toBe(500);
    expect(await call('POST', `/request/${c.request_id}`, { key: true })).toMatchObject({ status: 429, body: { type: 'RateLimitExceededException', message: 'You have exceeded the rate limit for this application.' } });
    advance(6_000);
    expect(await call('POST', `/request/${c.request_id}`, { key: true })).toMatchObject({ status: 200, body: { success: true } });
  });

  it('keeps now-playing and the requests public only while the public API is on (Middleware/StationPublicApi.php: else RequireLogin, 403)', async () => {
    station.state.publicApi = false;
    try {
      expect((await fetch(station.urls.nowPlaying)).status).toBe(403);
      expect((await call('GET', '/requests')).status).toBe(403);
      expect((await fetch(station.urls.nowPlaying, { headers: { 'X-API-Key': KEY } })).status).toBe(200);
    } finally {
      station.state.publicApi = true;
    }
  });

  it('says an offline station is offline: is_online false, the song "Station Offline" with no artist (Entity/ApiGenerator/NowPlayingApiGenerator.php offlineApi, Entity/Song.php createOffline)', async () => {
    station.state.online = false;
    try {
      const np = (await (await fetch(station.urls.nowPlaying)).json()) as any;
      expect(np.is_online).toBe(false);
      expect(np.now_playing.song).toMatchObject({ title: 'Station Offline', artist: '', text: 'Station Offline' });
    } finally {
      station.state.online = true;
    }
  });

  it('makes, edits and deletes playlists with schedule items, and sets a file’s playlists by id (PlaylistsController.php, Repository/StationScheduleRepository.php setScheduleItems, FilesController::editAction)', async () => {
    const item = { start_time: 1230, end_time: 1230, start_date: '2026-08-10', end_date: '2026-08-10', days: [], loop_once: true };
    const made = await call('POST', '/playlists', { key: true, body: { name: 'Spot', type: 'default', source: 'songs', order: 'sequential', backend_options: ['interrupt', 'single_track'], schedule_items: [item] } });
    expect(made).toMatchObject({ status: 200, body: { id: expect.any(Number), name: 'Spot', schedule_items: [expect.objectContaining(item)] } });
    expect((await call('POST', '/playlists', { body: { name: 'x' } })).status).toBe(403);
    const file = ((await call('GET', '/files', { key: true })).body as any[]).find((f) => f.path === 'music/c.mp3');
    expect(await call('PUT', `/file/${file.id}`, { key: true, body: { playlists: [made.body.id] } })).toMatchObject({ status: 200, body: { success: true } });
    expect(((await call('GET', '/files', { key: true })).body as any[]).find((f) => f.id === file.id).playlists).toEqual([expect.objectContaining({ id: made.body.id, name: 'Spot' })]);
    expect(await call('PUT', `/playlist/${made.body.id}`, { key: true, body: { schedule_items: [{ ...item, start_time: 1231, end_time: 1231 }] } })).toMatchObject({ status: 200 });
    expect((await call('GET', `/playlist/${made.body.id}`, { key: true })).body).toMatchObject({ num_songs: 1, schedule_items: [expect.objectContaining({ start_time: 1231 })] });

    // A play-once item is on from its minute for 15 minutes (Radio/AutoDJ/Scheduler.php shouldSchedulePlayNow); it interrupts.
    t = Date.UTC(2026, 7, 10, 12, 31, 5);
    station.tick();
    expect((await (await fetch(station.urls.nowPlaying)).json()).now_playing).toMatchObject({ playlist: 'Spot', song: { title: 'Copper Lanterns' } });
    expect(await call('DELETE', `/playlist/${made.body.id}`, { key: true })).toMatchObject({ status: 200, body: { success: true } });
    expect((await call('GET', `/playlist/${made.body.id}`, { key: true })).status).toBe(404);
  });
});
