import type { ChanceComparison } from './fool-rate';

/** How a fool rate compares with random guessing (docs/adr/0029-rank-by-wilson-lower-bound.md). */
export const CHANCE_TEXT: Record<ChanceComparison, string> = {
  above: 'above chance',
  // Not 'at chance': beside an 85.7% fool rate on a few votes that read as "as often as chance".
  at: 'could be chance',
  below: 'below chance',
};

/** What each comparison means, for a tooltip or a screen reader. */
export const CHANCE_HINT: Record<ChanceComparison, string> = {
  above: 'Fools listeners more often than random guessing would (66.7%).',
  at: 'Not yet distinguishable from random guessing (66.7%): more votes will tell.',
  below: 'Fools listeners less often than random guessing would (66.7%).',
};

/** The ranking method in one sentence a listener understands (How It Works). */
export const RANKING_SENTENCE =
  'A listener guessing at random is wrong two times in three, so a 66.7% fool rate is pure chance: tracks rank by the fool rate their votes reliably prove (the more votes, the more proof), and each says whether it fools listeners above or below chance, or could still be chance.';
