import { posix } from 'node:path';
import type SftpClient from 'ssh2-sftp-client';
import { lazy } from './lazy';
import type { AiredSong, RadioStation, StationConfig, StationMedia } from './station';

/**
 * The radio station as an AzuraCast station (or the local demo station, which speaks the same
 * API): media goes into the station's media folder over SFTP, "play next" is a song request
 * through the public request API, and now-playing says what aired.
 *
 * AzuraCast API used:
 *   GET  {api}/api/station/{id}/requests[?searchPhrase=]  requestable songs: [{request_id, song, …}]
 *                                                        (newer versions may page: {rows: […]})
 *   POST {api}/api/station/{id}/request/{request_id}     queue a request (X-API-Key bypasses limits)
 *   GET  {api}/api/nowplaying/{id}                        now_playing, song_history (newest first)
 *   GET  {api}/api/station/{id}/files[?searchPhrase=]     the media library: [{id, path, …}] (API key)
 *   PUT  {api}/api/station/{id}/file/{media_id}           new title/artist/album of a file (API key);
 *                                                        AzuraCast writes them into the file too
 */

const SFTP_READY_TIMEOUT_MS = 10_000;
/** The SFTP client loads with the first upload (platform/lazy.ts). */
const sftpClient = lazy(() => import('ssh2-sftp-client'));

/**
 * Makes `folder` and the folders above it. The client checks each level, then creates it: another
 * upload making the same folders at that moment (two admins' first uploads of a month) can create
 * a level in between, and this one's create is refused. Each retry finds more of the path made, so
 * one retry per level is enough.
 */
async function makeFolders(sftp: SftpClient, folder: string): Promise<void> {
  const levels = folder.split('/').filter(Boolean).length;
  for (let attempt = 0; ; attempt++) {
    try {
      await sftp.mkdir(folder, true);
      return;
    } catch (err) {
      if ((await sftp.exists(folder)) === 'd') return;
      if (attempt >= levels) throw err;
    }
  }
}
const FETCH_TIMEOUT_MS = 10_000;

/** The parts of AzuraCast's song object this gateway reads. */
type AzSong = { id?: string; text?: string; title?: string; artist?: string; album?: string };
type AzMedia = { id?: number | string; unique_id?: string; path?: string };
type AzRequestable = { request_id?: string; request_url?: string; song?: AzSong; path?: string };
type AzHistoryItem = { played_at?: number; duration?: number; song?: AzSong };
type AzNowPlaying = { now_playing?: AzHistoryItem | null; song_history?: AzHistoryItem[] };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const same = (a: string | undefined, b: string) => (a ?? '').trim().toLowerCase() === b.trim().toLowerCase();
/** Media paths compare without their leading slash (AzuraCast lists them relative to the media folder). */
const samePath = (a: string, b: string) => a.replace(/^\/+/, '') === b.replace(/^\/+/, '');

async function readJson(url: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: kept as text for the error message
  }
  return { status: res.status, body };
}

function messageOf(body: unknown): string {
  if (isRecord(body) && typeof body.message === 'string') return body.message;
  if (isRecord(body) && typeof body.formatted_message === 'string') return body.formatted_message;
  return typeof body === 'string' ? body.slice(0, 200) : '';
}

/** A requests listing: a plain array, or a page ({rows: […]}) in newer AzuraCast versions. */
function requestRows(body: unknown): AzRequestable[] {
  const rows = Array.isArray(body) ? body : isRecord(body) && Array.isArray(body.rows) ? body.rows : null;
  if (!rows) throw new Error('The station answered a list with an unexpected shape');
  return rows.filter(isRecord) as AzRequestable[];
}

/** Same title and artist, and the same album when `media` names one (mystery tracks differ only there). */
const sameTags = (song: AzSong | undefined, media: StationMedia) =>
  same(song?.title, media.title) && same(song?.artist, media.artist) && (!media.album || same(song?.album, media.album));

/** The requestable song for `media`: the same tags, and the same path when the listing says it. */
function findRequestable(rows: AzRequestable[], media: StationMedia): AzRequestable | undefined {
  const tagged = rows.filter((r) => r.request_id && sameTags(r.song, media));
  return tagged.find((r) => typeof r.path === 'string' && samePath(r.path, media.path)) ?? tagged.find((r) => typeof r.path !== 'string');
}

function airedSong(item: AzHistoryItem | null | undefined): AiredSong | null {
  if (!isRecord(item) || !isRecord(item.song)) return null;
  return {
    title: typeof item.song.title === 'string' ? item.song.title : '',
    artist: typeof item.song.artist === 'string' ? item.song.artist : '',
    album: typeof item.song.album === 'string' ? item.song.album : '',
    playedAt: typeof item.played_at === 'number' ? item.played_at * 1000 : 0,
    duration: typeof item.duration === 'number' ? item.duration : 0,
  };
}

export function azuracastStation(cfg: StationConfig): RadioStation {
  const api = cfg.apiUrl.replace(/\/+$/, '');
  const station = encodeURIComponent(cfg.stationId);
  const headers = (): Record<string, string> => ({ Accept: 'application/json', ...(cfg.apiKey ? { 'X-API-Key': cfg.apiKey } : {}) });

  async function listRequestable(searchPhrase?: string): Promise<AzRequestable[]> {
    const query = searchPhrase ? `?searchPhrase=${encodeURIComponent(searchPhrase)}` : '';
    const { status, body } = await readJson(`${api}/api/station/${station}/requests${query}`, { headers: headers() });
    if (status !== 200) throw new Error(`The station's request list failed (HTTP ${status}): ${messageOf(body)}`);
    return requestRows(body);
  }

  /** The library's files (an API key with media permission), narrowed by `searchPhrase` when given. */
  async function listFiles(searchPhrase?: string): Promise<AzMedia[]> {
    const query = searchPhrase ? `?searchPhrase=${encodeURIComponent(searchPhrase)}` : '';
    const { status, body } = await readJson(`${api}/api/station/${station}/files${query}`, { headers: headers() });
    const hint = status === 401 || status === 403 ? ' (it needs an API key with media permission: STATION_API_KEY)' : '';
    if (status !== 200) throw new Error(`The station's file list failed (HTTP ${status}): ${messageOf(body)}${hint}`);
    return requestRows(body) as AzMedia[];
  }

  return {
    async upload(remotePath, data) {
      const { default: Client } = await sftpClient();
      const sftp = new Client('fool-rate-api');
      try {
        await sftp.connect({
          host: cfg.sftp.host,
          port: cfg.sftp.port,
          username: cfg.sftp.username,
          ...(cfg.sftp.password ? { password: cfg.sftp.password } : {}),
          ...(cfg.sftp.privateKey ? { privateKey: cfg.sftp.privateKey } : {}),
          readyTimeout: SFTP_READY_TIMEOUT_MS,
        });
        await makeFolders(sftp, posix.dirname(remotePath));
        await sftp.put(data, remotePath);
      } finally {
        await sftp.end().catch(() => undefined);
      }
    },

    async playNext(media) {
      // The search narrows a big library; a station whose search misses it is asked for the whole list.
      const found = findRequestable(await listRequestable(media.title), media) ?? findRequestable(await listRequestable(), media);
      if (!found?.request_id) {
        throw new Error(`The station has no requestable song "${media.artist} - ${media.title}" (${media.path}): is the file in a playlist that allows requests, and has the station processed it yet?`);
      }
      const { status, body } = await readJson(`${api}/api/station/${station}/request/${encodeURIComponent(found.request_id)}`, {
        method: 'POST',
        headers: headers(),
      });
      if (status < 200 || status >= 300 || (isRecord(body) && body.success === false)) {
        throw new Error(`The station refused the request for "${media.artist} - ${media.title}" (HTTP ${status}): ${messageOf(body)}`);
      }
    },

    async retag(media) {
      const byPath = (rows: AzMedia[]) => rows.find((r) => typeof r.path === 'string' && samePath(r.path, media.path) && r.id !== undefined);
      const found = byPath(await listFiles(posix.basename(media.path))) ?? byPath(await listFiles());
      if (!found) throw new Error(`The station has no file at ${media.path} (has it processed the upload yet?)`);
      const { status, body } = await readJson(`${api}/api/station/${station}/file/${encodeURIComponent(String(found.id))}`, {
        method: 'PUT',
        headers: { ...headers(), 'Content-Type': 'application/json' },
        body: JSON.stringify({ title: media.title, artist: media.artist, album: media.album ?? '' }),
      });
      if (status < 200 || status >= 300 || (isRecord(body) && body.success === false)) {
        throw new Error(`The station refused to rename ${media.path} (HTTP ${status}): ${messageOf(body)}`);
      }
    },

    async recent() {
      const { status, body } = await readJson(`${api}/api/nowplaying/${station}`, { headers: { Accept: 'application/json' } });
      if (status !== 200 || !isRecord(body)) throw new Error(`The station's now-playing failed (HTTP ${status}): ${messageOf(body)}`);
      const np = body as AzNowPlaying;
      const history = Array.isArray(np.song_history) ? np.song_history : [];
      return {
        now: airedSong(np.now_playing),
        history: history.map(airedSong).filter((s): s is AiredSong => s !== null),
      };
    },
  };
}
