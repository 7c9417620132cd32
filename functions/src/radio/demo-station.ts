import { readFile } from 'node:fs/promises';
import { Router } from 'express';
import type { Deps } from '../platform/deps';

/** The local stack's demo station: an endless mp3 stream and AzuraCast-style metadata. */

const BYTES_PER_SECOND = 16_000; // 128 kbps
const TICK_MS = 250;
const INITIAL_BURST_SECONDS = 2;
const SONG_SECONDS = 180;

const SONGS = [
  { title: 'Neon Rain', artist: 'Kai Monroe' },
  { title: 'Circuit Hearts', artist: 'The Synthetic Choir' },
  { title: 'Paper Moons', artist: 'Lena Hart' },
  { title: 'Ghost in the Chorus', artist: 'Hybrid Theory Lab' },
  { title: 'Midnight Algorithm', artist: 'Neural Groove' },
  { title: 'Blue Static', artist: 'Marlow & The Tapes' },
] as const;

/** Skips an ID3v2 header so a loop never injects tags mid-stream. */
function stripId3(buf: Buffer): Buffer {
  if (buf.length < 10 || buf.toString('latin1', 0, 3) !== 'ID3') return buf;
  const size = ((buf[6]! & 0x7f) << 21) | ((buf[7]! & 0x7f) << 14) | ((buf[8]! & 0x7f) << 7) | (buf[9]! & 0x7f);
  return buf.subarray(10 + size);
}

function nowPlayingAt(ms: number) {
  const seconds = Math.floor(ms / 1000);
  const index = Math.floor(seconds / SONG_SECONDS);
  const elapsed = seconds % SONG_SECONDS;
  const song = SONGS[index % SONGS.length]!;
  const next = SONGS[(index + 1) % SONGS.length]!;
  const toSong = (s: { title: string; artist: string }, i: number) => ({
    id: `demo-${i % SONGS.length}`,
    text: `${s.artist} - ${s.title}`,
    title: s.title,
    artist: s.artist,
    album: 'Fool Rate Sessions',
    art: '',
  });
  return {
    station: { name: 'Fool Rate Radio', listen_url: '/api/radio/demo/stream.mp3', is_public: true },
    is_online: true,
    now_playing: {
      played_at: seconds - elapsed,
      duration: SONG_SECONDS,
      elapsed,
      remaining: SONG_SECONDS - elapsed,
      song: toSong(song, index),
    },
    playing_next: { cued_at: seconds - elapsed + SONG_SECONDS, duration: SONG_SECONDS, song: toSong(next, index + 1) },
  };
}

export function demoStation(deps: Pick<Deps, 'now'>, mp3Path: string): Router {
  const router = Router();
  let audio: Promise<Buffer> | null = null;
  const load = () => (audio ??= readFile(mp3Path).then(stripId3));

  router.get('/nowplaying', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(nowPlayingAt(deps.now()));
  });

  router.get('/stream.mp3', async (req, res) => {
    const data = await load();
    res.writeHead(200, {
      'Content-Type': 'audio/mpeg',
      'Cache-Control': 'no-store',
      'icy-name': 'Fool Rate Radio',
      Connection: 'keep-alive',
    });
    if (req.method === 'HEAD') return void res.end(); // the headers only: the stream never ends
    let offset = 0;
    const send = (bytes: number) => {
      while (bytes > 0) {
        const end = Math.min(data.length, offset + bytes);
        res.write(data.subarray(offset, end));
        bytes -= end - offset;
        offset = end === data.length ? 0 : end;
      }
    };
    send(BYTES_PER_SECOND * INITIAL_BURST_SECONDS);
    const timer = setInterval(() => send((BYTES_PER_SECOND * TICK_MS) / 1000), TICK_MS);
    req.on('close', () => clearInterval(timer));
  });

  return router;
}
