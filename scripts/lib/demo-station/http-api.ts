import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { MediaLibrary } from './library';
import type { Playout, Song } from './playout';

/**
 * The demo station's HTTP side, shaped like AzuraCast's public API and Icecast's mount:
 *   GET  /api/nowplaying/{station}               now_playing, playing_next, song_history
 *   GET  /listen/{station}/radio.mp3             the live stream (one shared clock)
 *   GET  /api/station/{station}/requests         the requestable songs (every file in the library)
 *   POST /api/station/{station}/request/{id}     request a song: it plays next
 *   GET  /api/station/{station}/files            the media library (AzuraCast's needs an API key; this one checks none)
 *   PUT  /api/station/{station}/file/{id}        new title/artist/album of a file, written into it
 * Like AzuraCast's, now-playing and the history name a library file by its tags as they are now
 * (an edit renames even the song playing).
 * GET answers carry `Access-Control-Allow-Origin: *`, like AzuraCast's, so the PWA reads them.
 */

export const STATION_NAME = 'Fool Rate Radio';
export const STREAM_MOUNT = 'radio.mp3';

type Ctx = { shortcode: string; library: MediaLibrary; playout: Playout; baseUrl: string };

const CORS = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Methods': 'GET, POST, OPTIONS', 'Access-Control-Allow-Headers': 'Content-Type, X-API-Key, Authorization' };

/** A JSON answer, gzipped when the client accepts it, as a station's web server sends its API (the PWA polls now-playing every 10 s). */
function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  const gzip = /\bgzip\b/.test(String(res.req.headers['accept-encoding'] ?? ''));
  const encoding = gzip ? { 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' } : {};
  res.writeHead(status, { ...CORS, 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...encoding });
  res.end(gzip ? gzipSync(text) : text);
}

/** AzuraCast's error and status shape. */
const status = (code: number, type: string, message: string) => ({ code, type, message, formatted_message: message, extra_data: [], success: code < 400 });

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
      listen_url: listenUrl,
      url: ctx.baseUrl,
      public_player_url: `${ctx.baseUrl}/public/${ctx.shortcode}`,
      is_public: true,
      requests_enabled: true,
      mounts: [{ id: 1, name: `/${STREAM_MOUNT}`, url: listenUrl, bitrate: 128, format: 'mp3', is_default: true, path: `/${STREAM_MOUNT}`, listeners: { total: listeners, unique: listeners, current: listeners } }],
    },
    listeners: { total: listeners, unique: listeners, current: listeners },
    live: { is_live: false, streamer_name: '', broadcast_start: null, art: null },
    now_playing: {
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
    is_online: true,
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
      path: file.path.replace(/^\//, ''),
    }));
}

/** AzuraCast's media listing (GET /api/station/{id}/files): every file with its media id, path and tags. */
function files(ctx: Ctx, searchPhrase: string) {
  const phrase = searchPhrase.trim().toLowerCase();
  return ctx.library
    .list()
    .filter((f) => !phrase || [f.title, f.artist, f.path].some((v) => v.toLowerCase().includes(phrase)))
    .map((f) => ({ id: f.requestId, unique_id: f.requestId, path: f.path.replace(/^\//, ''), title: f.title, artist: f.artist, album: f.album, text: songText(f) }));
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') as unknown;
}

/** AzuraCast's media edit (PUT /api/station/{id}/file/{media_id}): the tags given replace the file's. */
async function editFile(ctx: Ctx, id: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const file = ctx.library.byRequestId(id);
  if (!file) return json(res, 404, status(404, 'NotFoundException', 'Record not found.'));
  const body = await readBody(req).catch(() => null);
  if (typeof body !== 'object' || body === null) return json(res, 400, status(400, 'InvalidArgumentException', 'Could not parse input data.'));
  const text = (key: string, was: string) => {
    const v = (body as Record<string, unknown>)[key];
    return typeof v === 'string' ? v : was;
  };
  await ctx.library.retag(file.path, { title: text('title', file.title), artist: text('artist', file.artist), album: text('album', file.album) });
  json(res, 200, status(200, 'Success', 'Changes saved successfully.'));
}

async function request(ctx: Ctx, id: string, res: ServerResponse): Promise<void> {
  const file = ctx.library.byRequestId(id);
  if (!file) return json(res, 404, status(404, 'NotFoundException', 'Song not found.'));
  if (ctx.playout.isQueued(file.requestId)) return json(res, 400, status(400, 'Exception', 'This song was already requested and will play soon.'));
  const audio = await ctx.library.audio(file);
  if (!audio.length) return json(res, 500, status(500, 'Exception', 'The file has no audio.'));
  ctx.playout.request({ song: { id: file.requestId, title: file.title, artist: file.artist, album: file.album }, isRequest: true, playlist: '', audio });
  json(res, 200, status(200, 'Success', 'Your request has been submitted and will be played soon.'));
}

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
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS);
      return void res.end();
    }
    if (get && path === `/api/nowplaying/${sc}`) return json(res, 200, nowPlaying(c));
    if (get && path === `/listen/${sc}/${STREAM_MOUNT}`) return listen(c, req, res);
    if (get && path === `/api/station/${sc}/requests`) return json(res, 200, requestable(c, url.searchParams.get('searchPhrase') ?? ''));
    if (get && path === `/api/station/${sc}/files`) return json(res, 200, files(c, url.searchParams.get('searchPhrase') ?? ''));
    const edit = /^\/api\/station\/([^/]+)\/file\/([^/]+)$/.exec(path);
    if (edit && edit[1] === sc && req.method === 'PUT') {
      return void editFile(c, decodeURIComponent(edit[2]!), req, res).catch((err: unknown) => json(res, 500, status(500, 'Exception', String(err))));
    }
    const match = /^\/api\/station\/([^/]+)\/request\/([^/]+)$/.exec(path);
    if (match && match[1] === sc && (req.method === 'POST' || req.method === 'GET')) {
      req.resume();
      return void request(c, decodeURIComponent(match[2]!), res).catch((err: unknown) => json(res, 500, status(500, 'Exception', String(err))));
    }
    json(res, 404, status(404, 'NotFoundException', 'Not found.'));
  });
}
