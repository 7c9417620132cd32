/**
 * The fool rate and how far it can be trusted (docs/adr/0029-rank-by-wilson-lower-bound.md). With three
 * choices a listener guessing at random is wrong two times in three, so 66.7% is chance, not skill.
 */

/** The fool rate a random guesser gives (three choices, one right). */
export const CHANCE_FOOL_RATE = 2 / 3;

/** z for a two-sided 95% interval. */
const Z95 = 1.959964;

/** Percent with one decimal, as every fool rate is shown. */
const percent = (fraction: number): number => Math.round(fraction * 1000) / 10;

/** Percent of wrong guesses, 0..100 with one decimal (0 without votes). */
export const foolRate = (incorrect: number, total: number): number => (total === 0 ? 0 : percent(incorrect / total));

/**
 * The 95% Wilson score interval of the share of wrong guesses (fractions 0..1): where the true
 * fool rate lies, given `incorrect` wrong guesses out of `total`. Without votes: 0..1.
 */
export function wilsonInterval(incorrect: number, total: number): { low: number; high: number } {
  if (total <= 0) return { low: 0, high: 1 };
  const p = incorrect / total;
  const z2 = Z95 * Z95;
  const centre = p + z2 / (2 * total);
  const spread = Z95 * Math.sqrt((p * (1 - p)) / total + z2 / (4 * total * total));
  const denominator = 1 + z2 / total;
  return { low: Math.max(0, (centre - spread) / denominator), high: Math.min(1, (centre + spread) / denominator) };
}

/** The lower bound of the 95% Wilson interval, in percent with one decimal: what the leaderboards rank by. */
export const foolRateLow = (incorrect: number, total: number): number => (total === 0 ? 0 : percent(wilsonInterval(incorrect, total).low));

export type ChanceComparison = 'above' | 'at' | 'below';

/**
 * How a track's fool rate compares with random guessing: above (the whole 95% interval is over
 * 66.7%), below (all of it under) or at (the interval contains it). Null without votes.
 */
export function comparedWithChance(incorrect: number, total: number): ChanceComparison | null {
  if (total <= 0) return null;
  const { low, high } = wilsonInterval(incorrect, total);
  if (low > CHANCE_FOOL_RATE) return 'above';
  if (high < CHANCE_FOOL_RATE) return 'below';
  return 'at';
}

/**
 * Whole percentages of a set of counts (largest remainder, so they add up to 100), except that
 * equal counts always get equal percentages: 1/1/1 is 33/33/33, not 34/33/33, which would read
 * as one guess leading. All 0 without counts.
 */
export function percentagesOf<K extends string>(counts: Record<K, number>): Record<K, number> {
  const keys = Object.keys(counts) as K[];
  const total = keys.reduce((sum, k) => sum + counts[k], 0);
  const out = Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
  if (total === 0) return out;
  for (const k of keys) out[k] = Math.floor((counts[k] * 100) / total);
  let left = 100 - keys.reduce((sum, k) => sum + out[k], 0);
  // The points left go to the largest remainders, a whole group of equal counts at a time.
  const remainder = (k: K) => counts[k] * 100 - out[k] * total;
  const byRemainder = [...new Set(keys.map((k) => counts[k]))].sort((a, b) => remainder(keys.find((k) => counts[k] === b)!) - remainder(keys.find((k) => counts[k] === a)!));
  for (const count of byRemainder) {
    const group = keys.filter((k) => counts[k] === count && remainder(k) > 0);
    if (group.length === 0 || group.length > left) break;
    for (const k of group) out[k] += 1;
    left -= group.length;
  }
  return out;
}
