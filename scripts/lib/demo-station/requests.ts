/**
 * Song requests as AzuraCast takes them (Controller/Api/Stations/Requests/SubmitAction.php,
 * Entity/Repository/StationRequestRepository.php, Middleware/RateLimit.php), refusing what it
 * refuses, in its order:
 * 1. the route's rate limit: 2 posts per 5 s per address (`RateLimit('api', 5, 2)`), else 429
 *    "You have exceeded the rate limit for this application." (AzuraCast counts an internal
 *    address, as 127.0.0.1 is, in one global bucket of 20 instead; the demo station counts by
 *    address, as a deployed station sees its callers);
 * 2. a song requested in the last 10 minutes or not played yet (isTrackPending), 500 "Cannot
 *    submit request: This song was already requested and will play soon.";
 * 3. a song (same title and artist) that started in the last `request_threshold` minutes (15),
 *    the one playing included (hasPlayedRecently), 500 "… has been played too recently …";
 * 4. without a logged-in user (an API key counts as one): a request from the same address in the
 *    last `request_delay` minutes (5), 500 "You have submitted a request too recently! …".
 * The API key lifts only the last.
 */

export const RATE_WINDOW_MS = 5_000;
export const RATE_LIMIT = 2;
export const PENDING_MS = 10 * 60_000;
export const REQUEST_THRESHOLD_MS = 15 * 60_000;
export const REQUEST_DELAY_MS = 5 * 60_000;

export type Refusal = { code: number; type: string; message: string };
const cannot = (reason: string): Refusal => ({ code: 500, type: 'CannotCompleteActionException', message: `Cannot submit request: ${reason}` });
export const REFUSALS = {
  rateLimited: { code: 429, type: 'RateLimitExceededException', message: 'You have exceeded the rate limit for this application.' } as Refusal,
  pending: cannot('This song was already requested and will play soon.'),
  playedRecently: cannot('This song or artist has been played too recently. Wait a while before requesting it again.'),
  tooSoon: (minutes: number) => cannot(`You have submitted a request too recently! Please wait ${minutes} minutes before submitting another one.`),
};

type Logged = { songId: string; ip: string; at: number };
export type Aired = { title: string; artist: string; playedAt: number };

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export class RequestDesk {
  private readonly hits = new Map<string, number[]>();
  private readonly log: Logged[] = [];

  constructor(private readonly now: () => number) {}

  /** The route's rate limit, counted for every call that reaches it. */
  rateLimited(ip: string): boolean {
    const t = this.now();
    const recent = (this.hits.get(ip) ?? []).filter((at) => at > t - RATE_WINDOW_MS);
    recent.push(t);
    this.hits.set(ip, recent);
    return recent.length > RATE_LIMIT;
  }

  /** Why the request is refused, or null (then it is logged). `queued`: the song waits to play; `aired`: now playing and the history. */
  check(song: { id: string; title: string; artist: string }, ip: string, authenticated: boolean, queued: boolean, aired: Aired[]): Refusal | null {
    const t = this.now();
    if (queued || this.log.some((r) => r.songId === song.id && r.at >= t - PENDING_MS)) return REFUSALS.pending;
    if (aired.some((a) => a.playedAt >= t - REQUEST_THRESHOLD_MS && same(a.title, song.title) && same(a.artist, song.artist))) return REFUSALS.playedRecently;
    if (!authenticated) {
      const last = this.log.filter((r) => r.ip === ip && r.at >= t - REQUEST_DELAY_MS).at(-1);
      if (last) return REFUSALS.tooSoon(Math.round((last.at + REQUEST_DELAY_MS - t) / 60_000));
    }
    this.log.push({ songId: song.id, ip, at: t });
    return null;
  }
}
