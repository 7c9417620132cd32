import type { Deps } from '../platform/deps';
import { log } from '../platform/log';
import { rollUpVoteCounts } from '../voting/vote-shards';
import { refreshInsights } from '../insights/refresh';
import { refreshLeaderboardSummary, type Summaries } from './summary';

/** Scored votes refresh the summaries at most once per this window (trailing). */
export const LEADERBOARD_REFRESH_DEBOUNCE_MS = 3_000;
/** While leaderboard streams are open, the summaries (weekly earners too) are refreshed this often. */
const LEADERBOARD_STREAM_REFRESH_MS = 30_000;

type State = {
  timer: NodeJS.Timeout | null;
  running: Promise<Summaries> | null;
  again: boolean;
  streams: number;
  interval: NodeJS.Timeout | null;
  /** Scheduled refreshes are off (holdScheduledRefreshes): only refreshLeaderboardsNow runs one. */
  held: boolean;
};

/** Per API instance (per Deps), so that several apps in one process do not share timers. */
const states = new WeakMap<Deps, State>();

function stateOf(deps: Deps): State {
  let s = states.get(deps);
  if (!s) {
    s = { timer: null, running: null, again: false, streams: 0, interval: null, held: false };
    states.set(deps, s);
  }
  return s;
}

/**
 * Rolls the votes since the last refresh up into track_stats (their tracks only), then recomputes
 * the summaries, which read the rolled-up stats, and adds the rollups' counts into the insights.
 */
async function refreshLeaderboards(deps: Deps): Promise<Summaries> {
  await rollUpVoteCounts(deps);
  // The rollups' insight counts, added up (insights/refresh.ts).
  const [summaries] = await Promise.all([refreshLeaderboardSummary(deps), refreshInsights(deps)]);
  return summaries;
}

/** Refreshes now (vote counts, then summaries), or joins the refresh already running. */
export function refreshLeaderboardsNow(deps: Deps): Promise<Summaries> {
  const s = stateOf(deps);
  if (s.running) return s.running;
  const run = refreshLeaderboards(deps).finally(() => {
    s.running = null;
    if (s.again) {
      s.again = false;
      scheduleLeaderboardRefresh(deps);
    }
  });
  s.running = run;
  return run;
}

const refreshQuietly = (deps: Deps) => void refreshLeaderboardsNow(deps).catch((err: unknown) => log.unexpectedError(err));

/**
 * Asks for a refresh (vote counts and summaries) soon: the first call starts a 3 s timer, later calls within it
 * join it, and a call during a refresh queues one more after it. Best effort in-process; a
 * deployment should also run refreshLeaderboardSummary on a schedule (docs/adr/0028-leaderboards-precomputed-and-streamed.md).
 */
export function scheduleLeaderboardRefresh(deps: Deps): void {
  const s = stateOf(deps);
  if (s.timer || s.held) return;
  if (s.running) {
    s.again = true;
    return;
  }
  s.timer = setTimeout(() => {
    s.timer = null;
    refreshQuietly(deps);
  }, LEADERBOARD_REFRESH_DEBOUNCE_MS);
  s.timer.unref();
}

/** Counts an open leaderboard stream; returns its release. Summaries refresh every 30 s while any is open. */
export function leaderboardStreamOpened(deps: Deps): () => void {
  const s = stateOf(deps);
  s.streams += 1;
  if (!s.interval) {
    s.interval = setInterval(() => refreshQuietly(deps), LEADERBOARD_STREAM_REFRESH_MS);
    s.interval.unref();
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    s.streams -= 1;
    if (s.streams === 0 && s.interval) {
      clearInterval(s.interval);
      s.interval = null;
    }
  };
}

/**
 * Turns the scheduled refreshes of `deps` off, for a caller that runs the rollups itself and needs
 * to know when each rating period ends (API tests of ratings and insights): a push otherwise asks
 * for one 3 s later, wherever the test is.
 */
export function holdScheduledRefreshes(deps: Deps): void {
  stateOf(deps).held = true;
}
