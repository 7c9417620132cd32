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

/** The ranking method in one sentence a listener understands (How It Works; docs/adr/0051-skill-ratings.md). */
export const RANKING_SENTENCE =
  'Every vote is a match between a listener\'s ear and a track\'s disguise, and both are rated: fooling a sharp ear counts for more than fooling a lucky guess, and a blind guess is right one time in three, so a 66.7% fool rate is pure chance. Rankings use the rating minus its uncertainty, so a few lucky votes never beat hundreds of good ones; each track still says whether it fools listeners above or below chance, or could still be chance.';
