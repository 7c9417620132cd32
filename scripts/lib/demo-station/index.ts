import { readFileSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { createStationHttp, STREAM_MOUNT, type StationState } from './http-api';
import { MediaLibrary } from './library';
import { stripTags } from './id3';
import { Playout, type PlayItem } from './playout';
import { duePlaylists } from './playlists';
import { RequestDesk } from './requests';
import { startSftpServer } from './sftp-server';

/**
 * The local demo station: a stand-in for an AzuraCast station, out of the API, on its own ports.
 * SFTP puts files into the media folder (the library reads their ID3 title/artist), the HTTP
 * API lists them (files, with media ids; requestable songs), a playlist with a schedule item
 * plays its file at that time (playlists.ts), a request plays next on the one shared stream, and
 * now-playing/history say what aired. It answers and refuses as AzuraCast does where the API
 * meets it (azuracast-conformance.test.ts). docs/radio-station.md describes it.
 */

export type DemoStationOptions = {
  httpPort: number;
  sftpPort: number;
  /** The station's media folder (what SFTP shows as /). */
  mediaDir: string;
  /** The background loop (an mp3, 128 kbps CBR), played between requests as short filler songs. */
  loopMp3: string;
  user: string;
  password: string;
  hostKeyPath?: string;
  /** The shortcode in the URLs (AzuraCast's station id); 'foolrate'. */
  shortcode?: string;
  /** The playout clock (tests pass a fake one and call tick()). */
  now?: () => number;
  /** The length of a filler song: the longest a request waits. 30 s by default. */
  fillerSeconds?: number;
  /** How often the stream is fed; 250 ms by default. */
  tickMs?: number;
  host?: string;
  /** The API key with media permission the station accepts (files, playlists); none: those routes refuse every call. */
  apiKey?: string | null;
  /** AzuraCast's "Enable Public API"; on by default. Off: now-playing and the requests want the key. */
  publicApi?: boolean;
  /** The station's time zone (schedule items are read in it); UTC by default. */
  timezone?: string;
};

export type DemoStation = {
  urls: { api: string; stream: string; nowPlaying: string; sftp: string };
  shortcode: string;
  /** The station's settings and playlists, live (a test turns the public API or the station off). */
  state: StationState;
  /** Plays up to the clock's now (the ticker does this every tickMs). */
  tick(): void;
  stop(): Promise<void>;
};

export const DEMO_STATION_SHORTCODE = 'foolrate';

export async function startDemoStation(opts: DemoStationOptions): Promise<DemoStation> {
  const shortcode = opts.shortcode ?? DEMO_STATION_SHORTCODE;
  const host = opts.host ?? '127.0.0.1';
  await mkdir(opts.mediaDir, { recursive: true });
  const library = new MediaLibrary(opts.mediaDir);
  await library.scan();
  const now = opts.now ?? Date.now;
  const state: StationState = { apiKey: opts.apiKey ?? null, publicApi: opts.publicApi ?? true, online: true, timezone: opts.timezone ?? 'UTC', playlists: new Map(), nextPlaylistId: 1 };
  /** The track of a scheduled playlist whose time has come (AzuraCast's AutoDJ; the interrupting ones cut in at once). */
  const scheduled = (at: number, interrupting: boolean): PlayItem | null => {
    if (!state.online) return null;
    const songsOf = (id: number) => library.list().filter((f) => f.playlists.includes(id));
    const due = duePlaylists(state.playlists.values(), (p) => songsOf(p.id).length > 0, at, state.timezone).find(({ playlist }) => playlist.backend_options.includes('interrupt') === interrupting);
    if (!due) return null;
    const file = songsOf(due.playlist.id)[0]!;
    let audio: Buffer;
    try {
      audio = stripTags(readFileSync(library.localPath(file.path)));
    } catch {
      return null;
    }
    due.playlist.playedAt = at;
    return { song: { id: file.requestId, title: file.title, artist: file.artist, album: file.album }, isRequest: false, playlist: due.playlist.name, audio };
  };
  const playout = new Playout(stripTags(await readFile(opts.loopMp3)), now, opts.fillerSeconds ?? 30, scheduled);

  const sftp = await startSftpServer({
    port: opts.sftpPort,
    host,
    root: opts.mediaDir,
    user: opts.user,
    password: opts.password,
    ...(opts.hostKeyPath ? { hostKeyPath: opts.hostKeyPath } : {}),
    onUploaded: async (path) => void (await library.add(path)),
    onRemoved: (path) => library.remove(path),
  });
  const http = createStationHttp({ shortcode, library, playout, state, desk: new RequestDesk(now) });
  try {
    await new Promise<void>((ok, fail) => {
      http.once('error', fail);
      http.listen(opts.httpPort, host, () => ok());
    });
  } catch (err) {
    await sftp.stop();
    throw err;
  }
  const ticker = setInterval(() => playout.tick(), opts.tickMs ?? 250);
  ticker.unref();

  const api = `http://${host}:${opts.httpPort}`;
  return {
    urls: { api, stream: `${api}/listen/${shortcode}/${STREAM_MOUNT}`, nowPlaying: `${api}/api/nowplaying/${shortcode}`, sftp: `sftp://${opts.user}@${host}:${opts.sftpPort}/` },
    shortcode,
    state,
    tick: () => playout.tick(),
    async stop() {
      clearInterval(ticker);
      http.closeAllConnections(); // the listeners' streams never end by themselves
      await Promise.all([new Promise<void>((done) => http.close(() => done())), sftp.stop()]);
    },
  };
}
