import { mkdir, readFile } from 'node:fs/promises';
import { createStationHttp, STREAM_MOUNT } from './http-api';
import { MediaLibrary } from './library';
import { stripTags } from './id3';
import { Playout } from './playout';
import { startSftpServer } from './sftp-server';

/**
 * The local demo station: a stand-in for an AzuraCast station, out of the API, on its own ports.
 * SFTP puts files into the media folder (the library reads their ID3 title/artist), the HTTP
 * API lists them as requestable songs, a request plays next on the one shared stream, and
 * now-playing/history say what aired. docs/radio-station.md describes it.
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
};

export type DemoStation = {
  urls: { api: string; stream: string; nowPlaying: string; sftp: string };
  shortcode: string;
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
  const playout = new Playout(stripTags(await readFile(opts.loopMp3)), opts.now ?? Date.now, opts.fillerSeconds ?? 30);

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
  const http = createStationHttp({ shortcode, library, playout });
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
    tick: () => playout.tick(),
    async stop() {
      clearInterval(ticker);
      http.closeAllConnections(); // the listeners' streams never end by themselves
      await Promise.all([new Promise<void>((done) => http.close(() => done())), sftp.stop()]);
    },
  };
}
