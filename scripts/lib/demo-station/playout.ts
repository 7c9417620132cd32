import { BYTES_PER_SECOND } from './library';

/**
 * The station's one playout clock, like Icecast fed by an AutoDJ: every listener hears the same
 * bytes at the same time. Each tick sends what the clock says has played since the last tick
 * (128 kbps: 16,000 bytes a second) to every listener; a new listener first gets the last ~2 s
 * (Icecast's burst-on-connect) so its player starts at once.
 *
 * Between requests the station plays the background loop, cut into short virtual songs (the
 * filler, ~30 s each by default) with demo titles. A request plays next: after the current
 * request, or at once when filler is playing, so a request never waits more than a filler song.
 * A scheduled playlist (playlists.ts) is asked for its track at every song change (after the
 * requests, before the filler) and, when it interrupts, at every tick: then it cuts what plays.
 */

/** The scheduled playlists' track due at `at` (ms), for the regular queue or the interrupting one; null: none. */
export type ScheduledPick = (at: number, interrupting: boolean) => PlayItem | null;

export type Song = { id: string; title: string; artist: string; album: string };
export type PlayItem = { song: Song; isRequest: boolean; playlist: string; audio: Buffer };
export type Played = { song: Song; isRequest: boolean; playlist: string; playedAt: number; duration: number; shId: number };

/** Something to send the stream to (an HTTP response). */
export type Listener = { write(chunk: Buffer): unknown; writableLength: number };

const FILLER_SONGS = [
  { title: 'Neon Rain', artist: 'Kai Monroe' },
  { title: 'Circuit Hearts', artist: 'The Synthetic Choir' },
  { title: 'Paper Moons', artist: 'Lena Hart' },
  { title: 'Ghost in the Chorus', artist: 'Hybrid Theory Lab' },
  { title: 'Midnight Algorithm', artist: 'Neural Groove' },
  { title: 'Blue Static', artist: 'Marlow & The Tapes' },
] as const;
const FILLER_PLAYLIST = 'Fool Rate Rotation';
const BYTES_PER_MS = BYTES_PER_SECOND / 1000;
const BURST_BYTES = 2 * BYTES_PER_SECOND;
/** A listener this far behind (a stalled connection) is skipped rather than buffered without end. */
const MAX_LISTENER_BACKLOG = 30 * BYTES_PER_SECOND;
/** After a clock jump (a suspended laptop, a test's fake clock) listeners get at most this much at once. */
const MAX_CHUNK_BYTES = 4 * BYTES_PER_SECOND;
const HISTORY_LENGTH = 10;

/** The next mp3 frame header at or after `from` (a cut mid-frame would make the decoder stumble). */
function frameStart(buf: Buffer, from: number): number {
  for (let i = from; i < Math.min(buf.length - 1, from + 4096); i++) {
    if (buf[i] === 0xff && (buf[i + 1]! & 0xe0) === 0xe0) return i;
  }
  return from;
}

export class Playout {
  private current: PlayItem & { pos: number; startedAt: number; shId: number };
  private readonly queue: PlayItem[] = [];
  private readonly history: Played[] = [];
  private readonly listeners = new Set<Listener>();
  private recentBytes: Buffer[] = [];
  private lastTick: number;
  private fillerIndex = 0;
  private loopPos = 0;
  private nextShId = 1;

  constructor(
    private readonly loop: Buffer,
    private readonly now: () => number,
    private readonly fillerSeconds: number,
    private readonly scheduled: ScheduledPick = () => null,
  ) {
    if (loop.length < 2) throw new Error('The loop mp3 has no audio');
    this.lastTick = now();
    this.current = this.start(this.nextFiller(), this.lastTick);
  }

  /** One filler song: the next stretch of the loop, wrapping around, cut at frame starts. */
  private nextFiller(): PlayItem {
    const want = Math.round(this.fillerSeconds * BYTES_PER_SECOND);
    const parts: Buffer[] = [];
    let have = 0;
    while (have < want) {
      const take = Math.min(want - have, this.loop.length - this.loopPos);
      const end = this.loopPos + take >= this.loop.length ? this.loop.length : frameStart(this.loop, this.loopPos + take);
      parts.push(this.loop.subarray(this.loopPos, end));
      have += end - this.loopPos;
      this.loopPos = end >= this.loop.length ? 0 : end;
    }
    const i = this.fillerIndex++ % FILLER_SONGS.length;
    const { title, artist } = FILLER_SONGS[i]!;
    return { song: { id: `filler-${i}`, title, artist, album: 'Fool Rate Sessions' }, isRequest: false, playlist: FILLER_PLAYLIST, audio: Buffer.concat(parts) };
  }

  private start(item: PlayItem, at: number) {
    return { ...item, pos: 0, startedAt: at, shId: this.nextShId++ };
  }

  /** Ends the current item at `at` (into the history) and starts the next one. */
  private advance(at: number): void {
    const c = this.current;
    this.history.unshift({ song: c.song, isRequest: c.isRequest, playlist: c.playlist, playedAt: c.startedAt, duration: c.pos / BYTES_PER_SECOND, shId: c.shId });
    this.history.length = Math.min(this.history.length, HISTORY_LENGTH);
    this.current = this.start(this.queue.shift() ?? this.scheduled(at, false) ?? this.nextFiller(), at);
  }

  /** Plays what the clock says has played since the last tick and sends it to every listener. */
  tick(): void {
    const t = this.now();
    let budget = Math.max(0, Math.floor((t - this.lastTick) * BYTES_PER_MS));
    if (!budget) return this.interruptIfDue();
    this.lastTick = t;
    const out: Buffer[] = [];
    while (budget > 0) {
      const c = this.current;
      const take = Math.min(budget, c.audio.length - c.pos);
      out.push(c.audio.subarray(c.pos, c.pos + take));
      c.pos += take;
      budget -= take;
      if (c.pos >= c.audio.length) this.advance(t - budget / BYTES_PER_MS);
    }
    this.send(Buffer.concat(out));
    this.interruptIfDue();
  }

  /** An interrupting scheduled playlist whose time has come cuts the song playing now. */
  private interruptIfDue(): void {
    const item = this.scheduled(this.lastTick, true);
    if (!item) return;
    this.queue.unshift(item);
    this.advance(this.lastTick);
  }

  private send(chunk: Buffer): void {
    const data = chunk.length > MAX_CHUNK_BYTES ? chunk.subarray(chunk.length - MAX_CHUNK_BYTES) : chunk;
    for (const listener of this.listeners) {
      if (listener.writableLength < MAX_LISTENER_BACKLOG) listener.write(data);
    }
    this.recentBytes.push(data);
    let total = this.recentBytes.reduce((n, b) => n + b.length, 0);
    while (total - this.recentBytes[0]!.length >= BURST_BYTES) total -= this.recentBytes.shift()!.length;
  }

  /** A new listener: the last ~2 s at once, then every tick. Returns how to remove it. */
  listen(listener: Listener): () => void {
    const burst = Buffer.concat(this.recentBytes);
    if (burst.length) listener.write(burst.subarray(Math.max(0, burst.length - BURST_BYTES)));
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get listenerCount(): number {
    return this.listeners.size;
  }

  /** Queues a request to play next; filler playing now is cut at once. */
  request(item: PlayItem): void {
    this.tick();
    this.queue.push(item);
    if (!this.current.isRequest) this.advance(this.lastTick);
  }

  /** Whether a song is queued (AzuraCast refuses a second request for a song waiting to play). */
  isQueued(songId: string): boolean {
    return this.queue.some((q) => q.song.id === songId);
  }

  /** What plays now, what comes next and what played, newest first (times in ms). */
  state() {
    const c = this.current;
    const t = this.now();
    const queued = this.queue[0];
    const filler = FILLER_SONGS[this.fillerIndex % FILLER_SONGS.length]!;
    const next = queued
      ? { song: queued.song, isRequest: true, playlist: queued.playlist, duration: queued.audio.length / BYTES_PER_SECOND }
      : { song: { id: `filler-${this.fillerIndex % FILLER_SONGS.length}`, ...filler, album: 'Fool Rate Sessions' }, isRequest: false, playlist: FILLER_PLAYLIST, duration: this.fillerSeconds };
    return {
      now: { song: c.song, isRequest: c.isRequest, playlist: c.playlist, playedAt: c.startedAt, duration: c.audio.length / BYTES_PER_SECOND, elapsed: Math.max(0, (t - c.startedAt) / 1000), shId: c.shId },
      next: { ...next, cuedAt: c.startedAt + (c.audio.length / BYTES_PER_SECOND) * 1000 },
      history: [...this.history],
    };
  }
}
