import type { AiredSong, RadioStation, StationMedia } from '../../functions/src/platform/station';

/**
 * An in-memory radio station for the tests: it keeps what was uploaded and asked to play, can
 * be told to fail uploads (or to hold one until released, for concurrency tests), and reports
 * as recent what a test sets, else what it "played" (the play requests, oldest first, each
 * finished a minute after the previous one).
 */
export class MemoryStation implements RadioStation {
  readonly uploads = new Map<string, Buffer>();
  readonly uploadCalls: string[] = [];
  readonly played: Array<StationMedia & { at: number }> = [];
  /** When set, upload() rejects with this message. */
  failUploads: string | null = null;
  /** When set, playNext() rejects with this message (the file is not on the station, say). */
  failPlays: string | null = null;
  /** When set, upload() waits for it before storing (a test resolves it). */
  hold: Promise<void> | null = null;
  /** What recent() returns; null: derived from `played`. */
  recentOverride: { now: AiredSong | null; history: AiredSong[] } | null = null;

  constructor(private readonly now: () => number = () => Date.now()) {}

  async upload(remotePath: string, data: Buffer): Promise<void> {
    this.uploadCalls.push(remotePath);
    if (this.hold) await this.hold;
    if (this.failUploads) throw new Error(this.failUploads);
    this.uploads.set(remotePath, Buffer.from(data));
  }

  async playNext(media: StationMedia): Promise<void> {
    if (this.failPlays) throw new Error(this.failPlays);
    this.played.push({ ...media, at: this.now() });
  }

  async recent(): Promise<{ now: AiredSong | null; history: AiredSong[] }> {
    if (this.recentOverride) return this.recentOverride;
    const history = this.played.map((p) => ({ title: p.title, artist: p.artist, playedAt: Math.floor(p.at / 1000), duration: 60 })).reverse();
    return { now: null, history };
  }
}
