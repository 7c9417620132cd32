/**
 * The proof behind skill ratings (issue 54 §3, docs/adr/0051-skill-ratings.md): a contest with
 * known true skills and disguises, played through the same update rule the server uses
 * (common/contest/rating.ts), and how well the ratings and today's raw counts recover the truth.
 *
 * Set-up (every distribution here is named in the ADR; nothing is fitted to a seed):
 * - honest listeners' skill and tracks' disguise ~ N(0, 1) on Glicko-2's internal scale; a
 *   vote is right with chance 1/3 + 2/3 · logistic(skill − disguise), the model itself;
 * - activity Pareto (α = 1.2, the "80/20" tail): listener i casts round(k · w_i) votes, w_i
 *   Pareto, k set so that they add up to the votes asked for; at least 1, at most every track
 *   but one (so none runs out before the late target enters).
 *   Votes come in sessions of TRACKS_PER_SESSION random tracks the listener has not voted on,
 *   the last one left partway; all sessions are shuffled into one timeline;
 * - the listener is rated per vote against the track's last rolled-up rating; each track is
 *   rated once per rollup (every `rollupEvery` votes), one period of all its votes since the
 *   last one, each against the listener's rating as it stood at the vote;
 * - a ring of puppet accounts boosts a fresh track: the track of median disguise enters the
 *   contest when `targetEntersAt` of the honest votes are cast; from then on, after each
 *   honest session, the next puppet (in turn) plays a session; puppets guess at random (right
 *   one time in three) except on the target, which they always get wrong, and each stops once
 *   it has voted on the target.
 */
import { conservativeRating, NEW_RATING, ratePeriod, type Game, type Rating } from '../../common/contest/rating';
import { TRACKS_PER_SESSION } from '../../common/constants';
import { mulberry32 } from './prng';

export type SimulationOptions = {
  seed: number;
  listeners: number;
  tracks: number;
  /** Honest votes; the ring's come on top. */
  votes: number;
  puppets: number;
  /** Pareto tail index of how many votes a listener casts. */
  activityAlpha: number;
  /** Votes (of anyone) between two rollups of the tracks' ratings. */
  rollupEvery: number;
  /** Share of the honest votes cast before the ring's target enters the contest. */
  targetEntersAt: number;
  /** Listeners with fewer votes are left out of the listeners' correlation. */
  minListenerVotes: number;
};

export const DEFAULT_SEED = 54;

export const SIMULATION_DEFAULTS: Omit<SimulationOptions, 'seed'> = {
  listeners: 1000,
  tracks: 200,
  votes: 20_000,
  puppets: 50,
  activityAlpha: 1.2,
  rollupEvery: 500,
  targetEntersAt: 0.8,
  minListenerVotes: 20,
};

export type SimulationResult = {
  seed: number;
  honestVotes: number;
  puppetVotes: number;
  /** Honest listeners with at least minListenerVotes votes. */
  listenersCompared: number;
  listeners: { rating: number; raw: number };
  tracks: { rating: number; raw: number };
  /** Ranks among all tracks, 1 = top: by conservative rating, and by raw fool rate. */
  target: { byRating: number; byRaw: number };
};

/** Ranks from 1, ties sharing their average rank. */
function ranks(values: readonly number[]): number[] {
  const order = values.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
  const out = new Array<number>(values.length);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]![0] === order[i]![0]) j += 1;
    for (let k = i; k <= j; k += 1) out[order[k]![1]] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return out;
}

/** Spearman's rank correlation (Pearson's on the ranks, so ties count fairly). */
export function spearman(xs: readonly number[], ys: readonly number[]): number {
  const rx = ranks(xs);
  const ry = ranks(ys);
  const mean = (rx.length + 1) / 2;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  rx.forEach((x, i) => {
    const dx = x - mean;
    const dy = ry[i]! - mean;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  });
  return sxx === 0 || syy === 0 ? 0 : sxy / Math.sqrt(sxx * syy);
}

/** Rank of `values[i]` among all, 1 = the highest (ties rank as the best of them). */
const rankFromTop = (values: readonly number[], i: number): number => 1 + values.filter((v) => v > values[i]!).length;

const logistic = (x: number): number => 1 / (1 + Math.exp(-x));

/** How many votes each listener casts: Pareto weights scaled to add up to `total` (each 1..most). */
function activity(rand: () => number, listeners: number, total: number, alpha: number, most: number): number[] {
  const weights = Array.from({ length: listeners }, () => (1 - rand()) ** (-1 / alpha));
  const counts = (k: number) => weights.map((w) => Math.min(most, Math.max(1, Math.round(k * w))));
  const sum = (k: number) => counts(k).reduce((a, b) => a + b, 0);
  let lo = 0;
  let hi = total;
  for (let i = 0; i < 60; i += 1) {
    const mid = (lo + hi) / 2;
    if (sum(mid) < total) lo = mid;
    else hi = mid;
  }
  const out = counts(hi);
  // Rounding leaves the sum a few votes off: take them from (or give them to) random listeners.
  let off = out.reduce((a, b) => a + b, 0) - total;
  while (off !== 0) {
    const i = Math.floor(rand() * listeners);
    if (off > 0 && out[i]! > 1) [out[i], off] = [out[i]! - 1, off - 1];
    else if (off < 0 && out[i]! < most) [out[i], off] = [out[i]! + 1, off + 1];
  }
  return out;
}

export function simulateRatings(options: Partial<SimulationOptions> & { seed: number }): SimulationResult {
  const o: SimulationOptions = { ...SIMULATION_DEFAULTS, ...options };
  const rand = mulberry32(o.seed);
  const normal = () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());

  const skill = Array.from({ length: o.listeners }, normal);
  const disguise = Array.from({ length: o.tracks }, normal);
  const target = disguise.map((d, i) => [d, i] as const).sort((a, b) => a[0] - b[0])[Math.floor(o.tracks / 2)]![1];

  // Accounts: the honest listeners first, then the puppets.
  const accounts = o.listeners + o.puppets;
  const listenerRating: Rating[] = Array.from({ length: accounts }, () => NEW_RATING);
  const voted = Array.from({ length: accounts }, () => new Set<number>());
  const correct = new Array<number>(accounts).fill(0);
  const trackRating: Rating[] = Array.from({ length: o.tracks }, () => NEW_RATING);
  const pending: Game[][] = Array.from({ length: o.tracks }, () => []);
  const fooled = new Array<number>(o.tracks).fill(0);
  const trackVotes = new Array<number>(o.tracks).fill(0);
  let targetIn = false;
  let allVotes = 0;
  let honestVotes = 0;
  let puppetVotes = 0;

  const rollUp = () => {
    pending.forEach((games, t) => {
      if (games.length > 0) trackRating[t] = ratePeriod(trackRating[t]!, 'track', games);
      pending[t] = [];
    });
  };

  /** The right-guess chance of this account on this track: the model for listeners, the ring's rule for puppets. */
  const chanceRight = (account: number, track: number): number => {
    if (account >= o.listeners) return track === target ? 0 : 1 / 3;
    return 1 / 3 + (2 / 3) * logistic(skill[account]! - disguise[track]!);
  };

  /** Plays one session of up to `size` unvoted tracks; whether the target was in it. */
  const playSession = (account: number, size: number): boolean => {
    const open: number[] = [];
    for (let t = 0; t < o.tracks; t += 1) if ((targetIn || t !== target) && !voted[account]!.has(t)) open.push(t);
    let sawTarget = false;
    for (let n = 0; n < size && open.length > 0; n += 1) {
      const track = open.splice(Math.floor(rand() * open.length), 1)[0]!;
      const right = rand() < chanceRight(account, track);
      const before = listenerRating[account]!;
      listenerRating[account] = ratePeriod(before, 'listener', [{ opponent: trackRating[track]!, won: right }]);
      pending[track]!.push({ opponent: before, won: !right });
      voted[account]!.add(track);
      trackVotes[track]! += 1;
      if (right) correct[account]! += 1;
      else fooled[track]! += 1;
      if (track === target) sawTarget = true;
      if (account < o.listeners) honestVotes += 1;
      else puppetVotes += 1;
      allVotes += 1;
      if (allVotes % o.rollupEvery === 0) rollUp();
    }
    return sawTarget;
  };

  // The honest timeline: every listener's sessions, shuffled; the k-th slot of a listener plays its k-th session.
  const votesOf = activity(rand, o.listeners, o.votes, o.activityAlpha, o.tracks - 1);
  const sessionSizes = votesOf.map((n) => Array.from({ length: Math.ceil(n / TRACKS_PER_SESSION) }, (_, s) => Math.min(TRACKS_PER_SESSION, n - s * TRACKS_PER_SESSION)));
  const timeline = sessionSizes.flatMap((sizes, listener) => sizes.map(() => listener));
  for (let i = timeline.length - 1; i > 0; i -= 1) {
    const j = Math.floor(rand() * (i + 1));
    [timeline[i], timeline[j]] = [timeline[j]!, timeline[i]!];
  }
  const nextSession = new Array<number>(o.listeners).fill(0);
  const ring = Array.from({ length: o.puppets }, (_, p) => o.listeners + p);
  let turn = 0;
  const puppetSession = () => {
    const puppet = ring[turn % ring.length]!;
    if (playSession(puppet, TRACKS_PER_SESSION)) ring.splice(turn % ring.length, 1);
    else turn += 1;
  };
  for (const listener of timeline) {
    playSession(listener, sessionSizes[listener]![nextSession[listener]!]!);
    nextSession[listener]! += 1;
    if (!targetIn && honestVotes >= o.targetEntersAt * o.votes) targetIn = true;
    if (targetIn && ring.length > 0) puppetSession();
  }
  targetIn = true;
  while (ring.length > 0) puppetSession();
  rollUp();

  const compared = skill.map((_, i) => i).filter((i) => voted[i]!.size >= o.minListenerVotes);
  const trackScore = trackRating.map(conservativeRating);
  const foolRate = fooled.map((f, t) => (trackVotes[t] ? f / trackVotes[t]! : 0));
  return {
    seed: o.seed,
    honestVotes,
    puppetVotes,
    listenersCompared: compared.length,
    listeners: {
      rating: spearman(
        compared.map((i) => conservativeRating(listenerRating[i]!)),
        compared.map((i) => skill[i]!),
      ),
      raw: spearman(
        compared.map((i) => correct[i]!),
        compared.map((i) => skill[i]!),
      ),
    },
    tracks: { rating: spearman(trackScore, disguise), raw: spearman(foolRate, disguise) },
    target: { byRating: rankFromTop(trackScore, target), byRaw: rankFromTop(foolRate, target) },
  };
}

/** The three lines `npm run ratings:simulate` prints. */
export function resultLines(r: SimulationResult): string[] {
  const f = (x: number) => x.toFixed(2);
  return [
    `listeners: spearman rating ${f(r.listeners.rating)} raw ${f(r.listeners.raw)}`,
    `tracks: spearman rating ${f(r.tracks.rating)} raw ${f(r.tracks.raw)}`,
    `puppets: target rank by rating ${r.target.byRating} by raw fool rate ${r.target.byRaw}`,
  ];
}

/** The goals of issue 54 §3 that this run misses (none when the ratings rank better). */
export function unmetGoals(r: SimulationResult): string[] {
  const goals: [boolean, string][] = [
    [r.listeners.rating >= 0.8, 'listeners: rating correlation at least 0.80'],
    [r.listeners.rating >= r.listeners.raw + 0.2, 'listeners: rating at least 0.20 above raw'],
    [r.tracks.rating >= 0.85, 'tracks: rating correlation at least 0.85'],
    [r.tracks.rating >= r.tracks.raw, 'tracks: rating not below raw'],
    [r.target.byRating > 10, "puppets: the ring's target outside the top 10 by rating"],
    [r.target.byRaw <= 3, "puppets: the ring's target in the top 3 by raw fool rate"],
  ];
  return goals.filter(([met]) => !met).map(([, goal]) => goal);
}
