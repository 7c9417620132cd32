/**
 * Skill ratings (docs/adr/0051-skill-ratings.md): every scored vote is a game between a listener
 * (how well they hear who made a track) and a contest track (how well it hides it). The listener
 * wins when the guess is right. Both sides are rated with Glicko-2 (Glickman, "Example of the
 * Glicko-2 system", 2012), as Lichess rates puzzles and solvers, with one change: a blind guess
 * among three song types is right one time in three, so the listener's chance of winning is
 *
 *   P(right) = 1/3 + 2/3 · E,   E = 1 / (1 + exp(−g(φ_opponent) · (μ_listener − μ_track)))
 *
 * (the three-parameter logistic of item response theory with its guessing floor at 1/3). The
 * update is Glicko-2's, with the expected score and its slope taken from that curve: with the
 * floor at 0 it is exactly Glicko-2 (the worked example in rating.test.ts).
 */

/** A rating on the Glicko scale: 1500 is a newcomer, the deviation how unsure it is (one standard deviation). */
export type Rating = { rating: number; deviation: number; volatility: number };

/** The two sides of a game: a listener wins on a right guess, a track when it fools them. */
export type Side = 'listener' | 'track';

/** One game of a rating period: the opponent's rating (as it stood) and whether this side won. */
export type Game = { opponent: Pick<Rating, 'rating' | 'deviation'>; won: boolean };

/** A blind guess among three song types is right this often. */
export const CHANCE_RIGHT = 1 / 3;

/** Glicko-2's system constant: how fast volatility may change (Glickman suggests 0.3 to 1.2). */
export const TAU = 0.5;
/** Where every listener and track starts: unrated, unsure. */
export const NEW_RATING: Rating = { rating: 1500, deviation: 350, volatility: 0.06 };
/** The deviation never drops below this, nor rises above the newcomer's, so ratings keep moving. */
export const MIN_DEVIATION = 30;
/** Ranking value: the rating minus this many deviations (a newcomer's three lucky votes never top two hundred good ones). */
export const CONSERVATIVE_DEVIATIONS = 2;

/** Glicko-2's scale factor between the Glicko scale (1500 ± 350) and its internal one (0 ± 2.01). */
const SCALE = 173.7178;
const CONVERGENCE = 1e-6;

const g = (phi: number): number => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
const logistic = (x: number): number => 1 / (1 + Math.exp(-x));

/** The chance of winning runs from `low` (a hopeless player) to `high` (a certain one): a listener never below the floor, a track never above its complement. */
const bounds = (side: Side, floor: number): { low: number; high: number } => (side === 'listener' ? { low: floor, high: 1 } : { low: 0, high: 1 - floor });

/** The listener's chance of guessing the track right: at least 1/3, whatever the ratings. */
export function rightGuessChance(listener: Pick<Rating, 'rating'>, track: Pick<Rating, 'rating' | 'deviation'>): number {
  const e = logistic(g(track.deviation / SCALE) * ((listener.rating - track.rating) / SCALE));
  return CHANCE_RIGHT + (1 - CHANCE_RIGHT) * e;
}

/** What the boards rank by: the rating minus two deviations. */
export const conservativeRating = (r: Pick<Rating, 'rating' | 'deviation'>): number => r.rating - CONSERVATIVE_DEVIATIONS * r.deviation;

/**
 * The new volatility (Glickman's step 5, the Illinois algorithm): how erratic the player's
 * results are given the period's improvement `delta` and estimated variance `v`.
 */
function newVolatility(phi: number, sigma: number, delta: number, v: number): number {
  const a = Math.log(sigma * sigma);
  const f = (x: number): number => {
    const ex = Math.exp(x);
    const d = phi * phi + v + ex;
    return (ex * (delta * delta - d)) / (2 * d * d) - (x - a) / (TAU * TAU);
  };
  let lo = a;
  let hi: number;
  if (delta * delta > phi * phi + v) hi = Math.log(delta * delta - phi * phi - v);
  else {
    let k = 1;
    while (f(a - k * TAU) < 0) k += 1;
    hi = a - k * TAU;
  }
  let fLo = f(lo);
  let fHi = f(hi);
  for (let i = 0; i < 100 && Math.abs(hi - lo) > CONVERGENCE; i += 1) {
    const c = lo + ((lo - hi) * fLo) / (fHi - fLo);
    const fC = f(c);
    if (fC * fHi <= 0) {
      lo = hi;
      fLo = fHi;
    } else fLo /= 2;
    hi = c;
    fHi = fC;
  }
  return Math.exp(lo / 2);
}

/**
 * The player's rating after one rating period of `games` (Glicko-2's steps 2 to 8), for a
 * listener (a vote is a period of one game) or a track (a rollup of its votes is one period).
 * `floor` is the chance floor of a listener's guess (1/3): 0 gives Glicko-2 exactly. A period
 * without games leaves the rating as it is (ratings measure a skill that does not fade).
 */
export function ratePeriod(player: Rating, side: Side, games: readonly Game[], floor: number = CHANCE_RIGHT): Rating {
  if (games.length === 0) return player;
  const { low, high } = bounds(side, floor);
  const mu = (player.rating - NEW_RATING.rating) / SCALE;
  const phi = player.deviation / SCALE;
  // The Fisher information of the period (1/v) and the score's gradient, from P = low + (high − low)·E.
  let information = 0;
  let gradient = 0;
  for (const game of games) {
    const gj = g(game.opponent.deviation / SCALE);
    const e = logistic(gj * (mu - (game.opponent.rating - NEW_RATING.rating) / SCALE));
    const p = low + (high - low) * e;
    const slope = (high - low) * gj * e * (1 - e);
    const spread = p * (1 - p);
    information += (slope * slope) / spread;
    gradient += (slope * ((game.won ? 1 : 0) - p)) / spread;
  }
  const v = 1 / information;
  const sigma = newVolatility(phi, player.volatility, v * gradient, v);
  const phiStar = Math.sqrt(phi * phi + sigma * sigma);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * gradient;
  return {
    rating: muNew * SCALE + NEW_RATING.rating,
    deviation: Math.min(NEW_RATING.deviation, Math.max(MIN_DEVIATION, phiNew * SCALE)),
    volatility: sigma,
  };
}
