import { posix } from 'node:path';
import type SftpClient from 'ssh2-sftp-client';
import { lazy } from '../http/lazy';
import type { AiredSong, RadioStation, StationEnv } from './station';

/**
 * The radio station as an AzuraCast station (or the local demo station, which answers as
 * AzuraCast does: scripts/lib/demo-station/azuracast-conformance.test.ts): media goes into the
 * station's media folder over SFTP; a broadcast is put on AzuraCast's own schedule (a playlist of
 * its own holding the file, with one play-once schedule item at its minute), not asked as a song
 * request (a request is matched by tags only, waits `request_delay`, and is refused for a song
 * played in the last 15 minutes even with the API key); now-playing says what aired. Every call
 * carries the API key (X-API-Key), now-playing too (it answers 403 without one while the
 * station's public API is off). The key's user needs the station's "Manage Station Media"
 * permission (files and playlists). No song requests, no restart: playlists are read by
 * AzuraCast's AutoDJ as it picks each song (a station on "manual AutoDJ" mode would need one).
 *
 * AzuraCast API used (AzuraCast/AzuraCast, backend/config/routes/api_station.php):
 *   GET    {api}/api/nowplaying/{id}                   now_playing, song_history (newest first), is_online, station.timezone
 *   GET    {api}/api/station/{id}/files[?searchPhrase=] the media: [{id (media id), unique_id, path, playlists: [{id}], …}]
 *   PUT    {api}/api/station/{id}/file/{media_id}      title/artist/album (written into the file), or playlists (ids: replaces them)
 *   GET    {api}/api/station/{id}/playlists            the playlists: [{id, name, …}]
 *   POST   {api}/api/station/{id}/playlists            a new playlist with schedule_items: the record, with its id
 *   PUT    {api}/api/station/{id}/playlist/{id}        a playlist's new fields (schedule_items replaced whole)
 *   DELETE {api}/api/station/{id}/playlist/{id}        removes it (and its schedule items)
 * A play-once schedule item has start_time = end_time (HHMM) and is on for 15 minutes from it
 * (Radio/AutoDJ/Scheduler.php shouldSchedulePlayNow); `interrupt` cuts the song playing at that
 * minute and `single_track` plays one track in the period (Entity/StationPlaylist.php options).
 */

const SFTP_READY_TIMEOUT_MS = 10_000;
/** The SFTP client loads with the first upload (platform/http/lazy.ts). */
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
type AzMedia = { id?: number | string; unique_id?: string; path?: string; playlists?: Array<{ id?: number } | number> };
type AzPlaylist = { id?: number | string; name?: string };
type AzHistoryItem = { played_at?: number; duration?: number; song?: AzSong };
type AzNowPlaying = { now_playing?: AzHistoryItem | null; song_history?: AzHistoryItem[]; is_online?: boolean; station?: { timezone?: string } };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
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

/** A listing: a plain array, or a page ({rows: […]}) when asked with paging. */
function listRows(body: unknown): Record<string, unknown>[] {
  const rows = Array.isArray(body) ? body : isRecord(body) && Array.isArray(body.rows) ? body.rows : null;
  if (!rows) throw new Error('The station answered a list with an unexpected shape');
  return rows.filter(isRecord);
}

/** The playlist a broadcast of `path` at `slot` gets: its name says what and when (an operator reads it in AzuraCast). */
export const broadcastPlaylistName = (path: string, slot: { date: string; hhmm: number }) =>
  `Fool Rate broadcast ${slot.date} ${String(slot.hhmm).padStart(4, '0').replace(/(\d\d)(\d\d)/, '$1:$2')} ${posix.basename(path)}`;

/** The station's wall clock at `ms` in `timeZone` (an unknown zone: UTC): the date (YYYY-MM-DD) and HHMM of its minute. */
export function stationMinute(ms: number, timeZone: string): { date: string; hhmm: number } {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', { timeZone: timeZone || 'UTC', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  } catch {
    format = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  }
  const p = Object.fromEntries(format.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, hhmm: Number(p.hour) * 100 + Number(p.minute) };
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

export function azuracastStation(cfg: StationEnv): RadioStation {
  const api = cfg.apiUrl.replace(/\/+$/, '');
  const station = encodeURIComponent(cfg.stationId);
  const headers = (): Record<string, string> => ({ Accept: 'application/json', ...(cfg.apiKey ? { 'X-API-Key': cfg.apiKey } : {}) });
  const keyHint = (status: number) => (status === 401 || status === 403 ? ' (it needs an API key with the station\'s media permission: STATION_API_KEY)' : '');
  const ok = (status: number, body: unknown) => status >= 200 && status < 300 && !(isRecord(body) && body.success === false);

  /** A call to the station's API with the key; a refusal throws with what the station said. */
  async function call(what: string, method: string, path: string, json?: unknown): Promise<unknown> {
    const { status, body } = await readJson(`${api}/api/station/${station}${path}`, {
      method,
      headers: json === undefined ? headers() : { ...headers(), 'Content-Type': 'application/json' },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    });
    if (!ok(status, body)) throw new Error(`${what} failed (HTTP ${status}): ${messageOf(body)}${keyHint(status)}`);
    return body;
  }

  async function nowPlaying(): Promise<AzNowPlaying> {
    const { status, body } = await readJson(`${api}/api/nowplaying/${station}`, { headers: headers() });
    if (status !== 200 || !isRecord(body)) throw new Error(`The station's now-playing failed (HTTP ${status}): ${messageOf(body)}${keyHint(status)}`);
    return body as AzNowPlaying;
  }

  /** The library's file at `path` (by its exact path: files with the same tags are told apart), narrowed by its name first. */
  async function fileAt(path: string): Promise<AzMedia> {
    const list = async (searchPhrase?: string) =>
      listRows(await call("The station's file list", 'GET', `/files${searchPhrase ? `?searchPhrase=${encodeURIComponent(searchPhrase)}` : ''}`)) as AzMedia[];
    const byPath = (rows: AzMedia[]) => rows.find((r) => typeof r.path === 'string' && samePath(r.path, path) && r.id !== undefined);
    const found = byPath(await list(posix.basename(path))) ?? byPath(await list());
    if (!found) throw new Error(`The station has no file at ${path} (has it processed the upload yet?)`);
    return found;
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

    async schedule(media, at) {
      const np = await nowPlaying();
      const slot = stationMinute(at, np.station?.timezone ?? 'UTC');
      const file = await fileAt(media.path);
      const name = broadcastPlaylistName(media.path, slot);
      const fields = {
        name,
        type: 'default',
        source: 'songs',
        order: 'sequential',
        is_enabled: true,
        include_in_requests: false,
        include_in_on_demand: false,
        is_jingle: false,
        avoid_duplicates: false,
        weight: 3,
        // At its minute, cutting the song on air; one track, once.
        backend_options: ['interrupt', 'single_track'],
        schedule_items: [{ start_time: slot.hhmm, end_time: slot.hhmm, start_date: slot.date, end_date: slot.date, days: [], loop_once: true }],
      };
      // A run that made the playlist and then failed left it: it is reused, not made twice.
      const existing = listRows(await call("The station's playlist list", 'GET', '/playlists')).find((p) => (p as AzPlaylist).name === name) as AzPlaylist | undefined;
      let id: string;
      if (existing?.id !== undefined) {
        id = String(existing.id);
        await call('Rescheduling the playlist', 'PUT', `/playlist/${encodeURIComponent(id)}`, fields);
      } else {
        const made = await call('Creating the broadcast playlist', 'POST', '/playlists', fields);
        if (!isRecord(made) || (typeof made.id !== 'number' && typeof made.id !== 'string')) throw new Error('The station made a playlist but did not say its id');
        id = String(made.id);
      }
      const others = (file.playlists ?? []).map((p) => (typeof p === 'number' ? p : p.id)).filter((p): p is number => typeof p === 'number' && String(p) !== id);
      try {
        await call(`Putting ${media.path} in its playlist`, 'PUT', `/file/${encodeURIComponent(String(file.id))}`, { playlists: [...others, Number(id)] });
      } catch (err) {
        await call('Removing the playlist', 'DELETE', `/playlist/${encodeURIComponent(id)}`).catch(() => undefined);
        throw err;
      }
      return id;
    },

    async unschedule(id) {
      const { status, body } = await readJson(`${api}/api/station/${station}/playlist/${encodeURIComponent(id)}`, { method: 'DELETE', headers: headers() });
      if (status === 404) return;
      if (!ok(status, body)) throw new Error(`Removing the broadcast playlist ${id} failed (HTTP ${status}): ${messageOf(body)}${keyHint(status)}`);
    },

    async retag(media) {
      const found = await fileAt(media.path);
      await call(`Renaming ${media.path}`, 'PUT', `/file/${encodeURIComponent(String(found.id))}`, { title: media.title, artist: media.artist, album: media.album ?? '' });
    },

    async recent() {
      const np = await nowPlaying();
      const history = Array.isArray(np.song_history) ? np.song_history : [];
      // Offline, AzuraCast names "Station Offline" as the song on air: nothing is.
      const online = np.is_online !== false;
      return {
        now: online ? airedSong(np.now_playing) : null,
        history: history.map(airedSong).filter((s): s is AiredSong => s !== null),
        online,
      };
    },
  };
}
