import type { RadioStation, StationMedia, StationRecent } from '../../functions/src/platform/station/station';

type Tags = { title: string; artist: string; album: string };

/**
 * An in-memory radio station for the tests: it keeps what was uploaded and scheduled, can be
 * told to fail uploads (or to hold one until released, for concurrency tests), and reports as
 * recent what a test sets, else what it "played" (each scheduled airing still on its schedule,
 * at its minute once the clock reaches it, newest first). Like AzuraCast, it names a played file
 * by its tags as they are now: after retag() the history says the new ones. The gateway's own
 * tests run against the demo station (scripts/lib/demo-station), which answers as AzuraCast does.
 */
export class MemoryStation implements RadioStation {
  readonly uploads = new Map<string, Buffer>();
  readonly uploadCalls: string[] = [];
  /** Every schedule() asked, in order, with its minute and its id on the station. */
  readonly played: Array<StationMedia & { at: number; id: string }> = [];
  /** The ids unschedule() was asked to remove. */
  readonly unscheduled: string[] = [];
  private nextId = 1;
  /** Every retag() asked, in order. */
  readonly retags: StationMedia[] = [];
  /** The tags retag() gave a path (an upload of the path forgets them: the new file has its own). */
  readonly tags = new Map<string, Tags>();
  /** When set, upload() rejects with this message. */
  failUploads: string | null = null;
  /** When set, schedule() rejects with this message (the file is not on the station, say). */
  failPlays: string | null = null;
  /** When set, retag() rejects with this message. */
  failRetags: string | null = null;
  /** When set, upload() waits for it before storing (a test resolves it). */
  hold: Promise<void> | null = null;
  /** What recent() returns; null: derived from `played`. */
  recentOverride: StationRecent | null = null;

  constructor(private readonly now: () => number = () => Date.now()) {}

  async upload(remotePath: string, data: Buffer): Promise<void> {
    this.uploadCalls.push(remotePath);
    if (this.hold) await this.hold;
    if (this.failUploads) throw new Error(this.failUploads);
    this.uploads.set(remotePath, Buffer.from(data));
    this.tags.delete(remotePath);
  }

  async schedule(media: StationMedia, at: number): Promise<string> {
    if (this.failPlays) throw new Error(this.failPlays);
    const id = String(this.nextId++);
    this.played.push({ ...media, at, id });
    return id;
  }

  async unschedule(id: string): Promise<void> {
    this.unscheduled.push(id);
  }

  async retag(media: StationMedia): Promise<void> {
    this.retags.push(media);
    if (this.failRetags) throw new Error(this.failRetags);
    if (!this.uploads.has(media.path)) throw new Error(`no file at ${media.path}`);
    this.tags.set(media.path, { title: media.title, artist: media.artist, album: media.album ?? '' });
  }

  async recent(): Promise<StationRecent> {
    if (this.recentOverride) return this.recentOverride;
    const history = this.played
      .filter((p) => p.at <= this.now())
      .map((p) => ({ title: p.title, artist: p.artist, album: p.album ?? '', ...this.tags.get(p.path), playedAt: Math.floor(p.at / 1000), duration: 60 }))
      .reverse();
    return { now: null, history };
  }
}
