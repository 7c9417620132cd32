import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { BYTES_PER_SECOND, type MediaFile, type MediaLibrary } from './library';
import type { Playout, Song } from './playout';
import type { Playlist } from './playlists';
import { REFUSALS, type RequestDesk } from './requests';

/**
 * The demo station's HTTP side, shaped like AzuraCast's API (backend/config/routes/api_station.php)
 * and Icecast's mount:
 *   GET  /api/nowplaying/{station}               now_playing, playing_next, song_history, is_online, station.timezone
 *   GET  /listen/{station}/radio.mp3             the live stream (one shared clock)
 *   GET  /api/station/{station}/requests         the requestable songs: request_id, request_url, song (no path)
 *   POST /api/station/{station}/request/{id}     request a song: it plays next (refusals as AzuraCast's: requests.ts)
 *   GET  /api/station/{station}/files            the media library: id (media id), unique_id, song_id, path, tags, playlists
 *   PUT  /api/station/{station}/file/{id}        new title/artist/album (written into the file) and/or playlists of a file
 *   GET|POST /api/station/{station}/playlists    the playlists; a new one (with its schedule_items)
 *   GET|PUT|DELETE /api/station/{station}/playlist/{id}
 * Public (StationPublicApi: without a key only while the station's public API is on): now-playing
 * and the requests. Files and playlists want an API key (`X-API-Key`) with media permission:
 * 403 without one. Like AzuraCast's, now-playing and the history name a library file by its tags
 * as they are now (an edit renames even the song playing).
 * GET answers carry `Access-Control-Allow-Origin: *`, like AzuraCast's, so the PWA reads them.
 */

export const STATION_NAME = 'Fool Rate Radio';
export const STREAM_MOUNT = 'radio.mp3';

/** What the station is set to (AzuraCast's station settings the API meets) and its playlists. */
export type StationState = {
  /** The API key with media permission the station accepts; null: none (every keyed route refuses). */
  apiKey: string | null;
  /** AzuraCast's "Enable Public API" (on by default): off, now-playing and the requests want the key. */
  publicApi: boolean;
  /** Off: now-playing says "Station Offline" with is_online false, as AzuraCast's offline API does. */
  online: boolean;
  /** The station's time zone (AzuraCast: the station profile's; schedule items are read in it). */
  timezone: string;
  playlists: Map<number, Playlist>;
  nextPlaylistId: number;
};

type Ctx = { shortcode: string; library: MediaLibrary; playout: Playout; baseUrl: string; state: StationState; desk: RequestDesk };

const CORS = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Methods': 'GET, POST, OPTIONS', 'Access-Control-Allow-Headers': 'Content-Type, X-API-Key, Authorization' };

/** A JSON answer, gzipped when the client accepts it, as a station's web server sends its API (the PWA polls now-playing every 10 s). */
function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  const gzip = /\bgzip\b/.test(String(res.req.headers['accept-encoding'] ?? ''));
  const encoding = gzip ? { 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' } : {};
  res.writeHead(status, { ...CORS, 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...encoding });
  res.end(gzip ? gzipSync(text) : text);
}

/** AzuraCast's error and status shape (Entity/Api/Error.php, Entity/Api/Status.php). */
const status = (code: number, type: string, message: string) => ({ code, type, message, formatted_message: message, extra_data: [], success: code < 400 });
/** NotLoggedInException (403): no user, and no API key standing for one (Middleware/RequireLogin.php, Permissions). */
const NOT_LOGGED_IN = status(403, 'NotLoggedInException', 'You must be logged in to access this page.');
const NOT_FOUND = status(404, 'NotFoundException', 'Record not found.');
/** Song::createOffline: what now-playing names while the station is offline (its id is AzuraCast's OFFLINE_SONG_ID). */
const OFFLINE_SONG: Song = { id: '5a6a865199cf5df73b1417326d2ff24f', title: 'Station Offline', artist: '', album: '' };

const songText = (s: Pick<Song, 'title' | 'artist'>) => (s.artist ? `${s.artist} - ${s.title}` : s.title);
const songJson = (s: Song) => ({ id: s.id, text: songText(s), artist: s.artist, title: s.title, album: s.album, genre: '', isrc: '', lyrics: '', art: '', custom_fields: [] });

/** A song as the station names it now: a library file's current tags (a request's song id is the file's request id), else as it played. */
function live(ctx: Ctx, s: Song): Song {
  const file = ctx.library.byRequestId(s.id);
  return file ? { id: s.id, title: file.title, artist: file.artist, album: file.album } : s;
}
const seconds = (ms: number) => Math.floor(ms / 1000);

function nowPlaying(ctx: Ctx) {
  const { now, next, history } = ctx.playout.state();
  const listenUrl = `${ctx.baseUrl}/listen/${ctx.shortcode}/${STREAM_MOUNT}`;
  const listeners = ctx.playout.listenerCount;
  return {
    station: {
      id: 1,
      name: STATION_NAME,
      shortcode: ctx.shortcode,
      description: 'The local demo station of Fool Rate',
      frontend: 'icecast',
      backend: 'liquidsoap',
      timezone: ctx.state.timezone,
      listen_url: listenUrl,
      url: ctx.baseUrl,
      public_player_url: `${ctx.baseUrl}/public/${ctx.shortcode}`,
      is_public: true,
      requests_enabled: true,
      mounts: [{ id: 1, name: `/${STREAM_MOUNT}`, url: listenUrl, bitrate: 128, format: 'mp3', is_default: true, path: `/${STREAM_MOUNT}`, listeners: { total: listeners, unique: listeners, current: listeners } }],
    },
    listeners: { total: listeners, unique: listeners, current: listeners },
    live: { is_live: false, streamer_name: '', broadcast_start: null, art: null },
    now_playing: !ctx.state.online ? { sh_id: 0, played_at: 0, duration: 0, playlist: '', streamer: '', is_request: false, song: songJson(OFFLINE_SONG), elapsed: 0, remaining: 0 } : {
      sh_id: now.shId,
      played_at: seconds(now.playedAt),
      duration: Math.round(now.duration),
      playlist: now.playlist,
      streamer: '',
      is_request: now.isRequest,
      song: songJson(live(ctx, now.song)),
      elapsed: Math.min(Math.round(now.duration), Math.floor(now.elapsed)),
      remaining: Math.max(0, Math.round(now.duration - now.elapsed)),
    },
    playing_next: { cued_at: seconds(next.cuedAt), played_at: null, duration: Math.round(next.duration), playlist: next.playlist, is_request: next.isRequest, song: songJson(live(ctx, next.song)) },
    song_history: history.map((h) => ({ sh_id: h.shId, played_at: seconds(h.playedAt), duration: Math.round(h.duration), playlist: h.playlist, streamer: '', is_request: h.isRequest, song: songJson(live(ctx, h.song)) })),
    is_online: ctx.state.online,
    cache: null,
  };
}

function requestable(ctx: Ctx, searchPhrase: string) {
  const phrase = searchPhrase.trim().toLowerCase();
  return ctx.library
    .list()
    .map((f) => ({ file: f, text: `${f.artist} - ${f.title}` }))
    .filter(({ file, text }) => !phrase || [text, file.album, file.path].some((v) => v.toLowerCase().includes(phrase)))
    .map(({ file }) => ({
      request_id: file.requestId,
      request_url: `/api/station/${ctx.shortcode}/request/${file.requestId}`,
      song: songJson({ id: file.requestId, title: file.title, artist: file.artist, album: file.album }),
    }));
}

/** AzuraCast's song_id: a hash of the song's artist and title (Entity/Song.php getSongHash). */
const songIdOf = (f: Pick<MediaFile, 'title' | 'artist'>) => createHash('md5').update(`${f.artist.trim()} - ${f.title.trim()}`.toLowerCase()).digest('hex');

/** AzuraCast's media listing (GET /api/station/{id}/files, Entity/Api/StationMedia.php): media id, unique id, song id, path (relative), tags, playlists. */
function filesOf(ctx: Ctx, searchPhrase: string) {
  const phrase = searchPhrase.trim().toLowerCase();
  return ctx.library
    .list()
    .filter((f) => !phrase || [f.title, f.artist, f.path].some((v) => v.toLowerCase().includes(phrase)))
    .map((f) => ({
      id: f.mediaId,
      unique_id: f.requestId,
      song_id: songIdOf(f),
      path: f.path.replace(/^\//, ''),
      title: f.title,
      artist: f.artist,
      album: f.album,
      text: songText(f),
      length: f.bytes / BYTES_PER_SECOND,
      playlists: f.playlists.flatMap((id) => {
        const p = ctx.state.playlists.get(id);
        return p ? [{ id: p.id, name: p.name, short_name: shortName(p.name), folder: null, count: 1 }] : [];
      }),
    }));
}

const shortName = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') as unknown;
}

/** AzuraCast's media edit (PUT /api/station/{id}/file/{media_id}): the tags given replace the file's. */
async function editFile(ctx: Ctx, id: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const file = ctx.library.byMediaId(id);
  if (!file) return json(res, 404, NOT_FOUND);
  const body = await readBody(req).catch(() => null);
  if (typeof body !== 'object' || body === null) return json(res, 400, status(400, 'InvalidArgumentException', 'Could not parse input data.'));
  const fields = body as Record<string, unknown>;
  const text = (key: string, was: string) => {
    const v = fields[key];
    return typeof v === 'string' ? v : was;
  };
  if (['title', 'artist', 'album'].some((k) => k in fields)) {
    await ctx.library.retag(file.path, { title: text('title', file.title), artist: text('artist', file.artist), album: text('album', file.album) });
  }
  // FilesController::editAction: `playlists` (ids, or {id, weight}) replaces the file's playlists.
  if (Array.isArray(fields.playlists)) {
    const ids = fields.playlists.map((p: unknown) => Number(typeof p === 'object' && p !== null ? (p as { id?: unknown }).id : p)).filter((n) => ctx.state.playlists.has(n));
    const now = ctx.library.byMediaId(id);
    if (now) now.playlists = [...new Set(ids)];
  }
  json(res, 200, status(200, 'Success', 'Record updated successfully.'));
}

/** The caller's address (the demo station sits behind no proxy). */
const ipOf = (req: IncomingMessage) => req.socket.remoteAddress ?? '';

async function request(ctx: Ctx, id: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (ctx.desk.rateLimited(ipOf(req))) return json(res, 429, status(429, REFUSALS.rateLimited.type, REFUSALS.rateLimited.message));
  const file = ctx.library.byRequestId(id);
  if (!file) return json(res, 404, status(404, 'NotFoundException', 'Record not found.'));
  const song = { id: file.requestId, title: file.title, artist: file.artist, album: file.album };
  const { now, history } = ctx.playout.state();
  const aired = [now, ...history].map((h) => ({ ...live(ctx, h.song), playedAt: h.playedAt }));
  const refusal = ctx.desk.check(song, ipOf(req), keyOk(ctx, req), ctx.playout.isQueued(file.requestId), aired);
  if (refusal) return json(res, refusal.code, status(refusal.code, refusal.type, refusal.message));
  const audio = await ctx.library.audio(file);
  if (!audio.length) return json(res, 500, status(500, 'Exception', 'The file has no audio.'));
  ctx.playout.request({ song, isRequest: true, playlist: '', audio });
  json(res, 200, status(200, 'Success', 'Your request has been submitted and will be played soon.'));
}

/** A playlist as AzuraCast's playlists API answers it (the fields the demo station keeps). */
function playlistJson(ctx: Ctx, p: Playlist) {
  const songs = ctx.library.list().filter((f) => f.playlists.includes(p.id));
  const { playedAt: _playedAt, ...fields } = p;
  return { ...fields, short_name: shortName(p.name), num_songs: songs.length, total_length: Math.round(songs.reduce((n, f) => n + f.bytes / BYTES_PER_SECOND, 0)) };
}

const PLAYLIST_DEFAULTS = { type: 'default', source: 'songs', order: 'shuffle', is_enabled: true, include_in_requests: true, avoid_duplicates: true, weight: 3, backend_options: [] as string[] };

/** The playlist fields of a POST or PUT body over `base` (StationPlaylist's; schedule_items replaced whole, as StationScheduleRepository::setScheduleItems does). */
function playlistFrom(ctx: Ctx, body: Record<string, unknown>, base: Playlist): Playlist | string {
  const out: Playlist = { ...base, schedule_items: [...base.schedule_items] };
  if (typeof body.name === 'string') out.name = body.name;
  for (const key of ['type', 'source', 'order'] as const) if (typeof body[key] === 'string') out[key] = body[key] as string;
  for (const key of ['is_enabled', 'include_in_requests', 'avoid_duplicates'] as const) if (typeof body[key] === 'boolean') out[key] = body[key] as boolean;
  if (typeof body.weight === 'number') out.weight = body.weight;
  if (Array.isArray(body.backend_options)) out.backend_options = body.backend_options.filter((o): o is string => typeof o === 'string');
  if (Array.isArray(body.schedule_items)) {
    out.schedule_items = [];
    for (const raw of body.schedule_items as unknown[]) {
      if (typeof raw !== 'object' || raw === null) return 'schedule_items: each item is an object';
      const item = raw as Record<string, unknown>;
      const date = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null);
      out.schedule_items.push({
        id: ctx.state.nextPlaylistId * 1000 + out.schedule_items.length,
        start_time: Number(item.start_time) || 0,
        end_time: Number(item.end_time) || 0,
        start_date: date(item.start_date),
        end_date: date(item.end_date),
        days: Array.isArray(item.days) ? item.days.map(Number) : [],
        loop_once: item.loop_once === true,
      });
    }
  }
  if (!out.name.trim()) return 'name: This value should not be blank.';
  return out;
}

async function playlists(ctx: Ctx, id: string | null, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { state } = ctx;
  if (id === null) {
    if (req.method === 'GET') return json(res, 200, [...state.playlists.values()].map((p) => playlistJson(ctx, p)));
    const body = await readBody(req).catch(() => null);
    if (typeof body !== 'object' || body === null) return json(res, 400, status(400, 'InvalidArgumentException', 'Could not parse input data.'));
    const made = playlistFrom(ctx, body as Record<string, unknown>, { id: state.nextPlaylistId, name: '', ...PLAYLIST_DEFAULTS, schedule_items: [], playedAt: null });
    if (typeof made === 'string') return json(res, 400, status(400, 'ValidationException', made));
    state.nextPlaylistId++;
    state.playlists.set(made.id, made);
    return json(res, 200, playlistJson(ctx, made));
  }
  const found = state.playlists.get(Number(id));
  if (!found) return json(res, 404, NOT_FOUND);
  if (req.method === 'GET') return json(res, 200, playlistJson(ctx, found));
  if (req.method === 'DELETE') {
    state.playlists.delete(found.id);
    for (const f of ctx.library.list()) f.playlists = f.playlists.filter((p) => p !== found.id);
    return json(res, 200, status(200, 'Success', 'Record deleted successfully.'));
  }
  const body = await readBody(req).catch(() => null);
  if (typeof body !== 'object' || body === null) return json(res, 400, status(400, 'InvalidArgumentException', 'Could not parse input data.'));
  const edited = playlistFrom(ctx, body as Record<string, unknown>, found);
  if (typeof edited === 'string') return json(res, 400, status(400, 'ValidationException', edited));
  state.playlists.set(found.id, edited);
  json(res, 200, status(200, 'Success', 'Record updated successfully.'));
}

/** The request carries the station's API key (AzuraCast: X-API-Key stands for the key's user). */
const keyOk = (ctx: Ctx, req: IncomingMessage) => ctx.state.apiKey !== null && req.headers['x-api-key'] === ctx.state.apiKey;

function listen(ctx: Ctx, req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(200, {
    ...CORS,
    'Content-Type': 'audio/mpeg',
    'Cache-Control': 'no-cache, no-store',
    'icy-name': STATION_NAME,
    'icy-br': '128',
    'icy-pub': '0',
    Connection: 'keep-alive',
  });
  if (req.method === 'HEAD') return void res.end(); // the headers only: the stream never ends
  res.flushHeaders(); // the player sees the stream start even before the first tick
  res.socket?.setNoDelay(true);
  const remove = ctx.playout.listen(res);
  res.on('close', remove);
}

export function createStationHttp(ctx: Omit<Ctx, 'baseUrl'>): Server {
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://station.local');
    const baseUrl = `http://${req.headers.host ?? '127.0.0.1'}`;
    const c = { ...ctx, baseUrl };
    const sc = ctx.shortcode;
    const path = url.pathname.replace(/\/+$/, '');
    const get = req.method === 'GET' || req.method === 'HEAD';
    const failed = (err: unknown) => json(res, 500, status(500, 'Exception', String(err)));
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS);
      return void res.end();
    }
    if (get && path === `/listen/${sc}/${STREAM_MOUNT}`) return listen(c, req, res);
    const keyed = keyOk(c, req);
    // StationPublicApi: the public routes want a logged-in user (the key) while the public API is off.
    const publicOk = ctx.state.publicApi || keyed;
    if (get && path === `/api/nowplaying/${sc}`) return publicOk ? json(res, 200, nowPlaying(c)) : json(res, 403, NOT_LOGGED_IN);
    if (get && path === `/api/station/${sc}/requests`) return publicOk ? json(res, 200, requestable(c, url.searchParams.get('searchPhrase') ?? '')) : json(res, 403, NOT_LOGGED_IN);
    const match = /^\/api\/station\/([^/]+)\/request\/([^/]+)$/.exec(path);
    if (match && match[1] === sc && (req.method === 'POST' || req.method === 'GET')) {
      req.resume();
      if (!publicOk) return json(res, 403, NOT_LOGGED_IN);
      return void request(c, decodeURIComponent(match[2]!), req, res).catch(failed);
    }
    // Media and playlists: an API key with the station's media permission.
    const files = path === `/api/station/${sc}/files`;
    const file = /^\/api\/station\/([^/]+)\/file\/([^/]+)$/.exec(path);
    const lists = path === `/api/station/${sc}/playlists`;
    const list = /^\/api\/station\/([^/]+)\/playlist\/([^/]+)$/.exec(path);
    const media = files || lists || (file && file[1] === sc) || (list && list[1] === sc);
    if (media && !keyed) {
      req.resume();
      return json(res, 403, NOT_LOGGED_IN);
    }
    if (get && files) return json(res, 200, filesOf(c, url.searchParams.get('searchPhrase') ?? ''));
    if (file && file[1] === sc && req.method === 'PUT') return void editFile(c, decodeURIComponent(file[2]!), req, res).catch(failed);
    if (lists && (get || req.method === 'POST')) return void playlists(c, null, req, res).catch(failed);
    if (list && list[1] === sc && (get || req.method === 'PUT' || req.method === 'DELETE')) return void playlists(c, decodeURIComponent(list[2]!), req, res).catch(failed);
    req.resume();
    json(res, 404, status(404, 'NotFoundException', 'Not found.'));
  });
}
