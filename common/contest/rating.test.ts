import { describe, expect, it } from 'vitest';
import { CHANCE_RIGHT, conservativeRating, MIN_DEVIATION, NEW_RATING, ratePeriod, rightGuessChance, type Game, type Rating } from './rating';

/** Glickman, "Example of the Glicko-2 system" (2012): the player and the three games of the period. */
const GLICKMAN_PLAYER: Rating = { rating: 1500, deviation: 200, volatility: 0.06 };
const GLICKMAN_GAMES: Game[] = [
  { opponent: { rating: 1400, deviation: 30 }, won: true },
  { opponent: { rating: 1550, deviation: 100 }, won: false },
  { opponent: { rating: 1700, deviation: 300 }, won: false },
];
/** The paper's result (rounded there at each step, hence the tolerance of the comparison). */
const GLICKMAN_RESULT = { rating: 1464.06, deviation: 151.52, volatility: 0.05999 };

const vote = (opponent: Pick<Rating, 'rating' | 'deviation'>, won: boolean): Game[] => [{ opponent, won }];

describe('ratePeriod: the worked example', () => {
  it("with the chance floor at 0 reproduces Glickman's 2012 example, for either side", () => {
    for (const side of ['listener', 'track'] as const) {
      const after = ratePeriod(GLICKMAN_PLAYER, side, GLICKMAN_GAMES, 0);
      expect(after.rating).toBeCloseTo(GLICKMAN_RESULT.rating, 1);
      expect(after.deviation).toBeCloseTo(GLICKMAN_RESULT.deviation, 2);
      expect(after.volatility).toBeCloseTo(GLICKMAN_RESULT.volatility, 4);
    }
  });

  it('leaves a rating as it is after a period without games (no decay)', () => {
    expect(ratePeriod(GLICKMAN_PLAYER, 'track', [])).toEqual(GLICKMAN_PLAYER);
  });
});

describe('ratePeriod: symmetry between the listener and the track', () => {
  const EVEN: Rating = { rating: 1600, deviation: 120, volatility: 0.06 };

  it.each([
    ['right', true],
    ['wrong', false],
  ])('a %s guess between equals moves the listener by minus what it moves the track', (_label, right) => {
    const listener = ratePeriod(EVEN, 'listener', vote(EVEN, right));
    const track = ratePeriod(EVEN, 'track', vote(EVEN, !right));
    const listenerChange = listener.rating - EVEN.rating;
    expect(Math.sign(listenerChange)).toBe(right ? 1 : -1);
    expect(listenerChange).toBeCloseTo(-(track.rating - EVEN.rating), 9);
    expect(listener.deviation).toBeCloseTo(track.deviation, 9);
  });

  it("gives the track, as its chance of fooling, the complement of the listener's chance of a right guess", () => {
    // A track at 1500 that fools every listener at 1500 in a long period must end above them: fooling is the track's win.
    const fooled = ratePeriod(NEW_RATING, 'track', Array.from({ length: 20 }, () => ({ opponent: NEW_RATING, won: true })));
    expect(fooled.rating).toBeGreaterThan(NEW_RATING.rating);
  });
});

describe('rightGuessChance: the chance floor', () => {
  const RATINGS = [0, 500, 1000, 1500, 2000, 2500, 3000];

  it('never falls below one in three, whatever the ratings and deviations', () => {
    for (const listener of RATINGS) for (const track of RATINGS) for (const deviation of [MIN_DEVIATION, 150, NEW_RATING.deviation]) {
      const p = rightGuessChance({ rating: listener }, { rating: track, deviation });
      expect(p).toBeGreaterThanOrEqual(CHANCE_RIGHT);
      expect(p).toBeLessThanOrEqual(1);
    }
  });

  it('is two in three between equals and tends to one in three for a hopeless listener', () => {
    expect(rightGuessChance({ rating: 1500 }, { rating: 1500, deviation: 60 })).toBeCloseTo(2 / 3, 9);
    expect(rightGuessChance({ rating: 0 }, { rating: 3000, deviation: MIN_DEVIATION })).toBeCloseTo(CHANCE_RIGHT, 6);
  });

  it('moves a far weaker listener less for a right guess than the floorless Glicko-2 would (it was likely luck)', () => {
    const weak: Rating = { rating: 1100, deviation: 100, volatility: 0.06 };
    const strongTrack = { rating: 1900, deviation: 60 };
    const withFloor = ratePeriod(weak, 'listener', vote(strongTrack, true)).rating - weak.rating;
    const withoutFloor = ratePeriod(weak, 'listener', vote(strongTrack, true), 0).rating - weak.rating;
    expect(withFloor).toBeGreaterThan(0);
    expect(withFloor).toBeLessThan(withoutFloor / 10);
  });
});

describe('ratePeriod: uncertainty shrinks with games', () => {
  it("falls with each of a newcomer's first hundred votes from 350, and settles well below it", () => {
    let listener = NEW_RATING;
    for (let i = 0; i < 100; i += 1) {
      const next = ratePeriod(listener, 'listener', vote({ rating: 1500, deviation: 60 }, i % 3 !== 2));
      expect(next.deviation).toBeLessThan(listener.deviation);
      listener = next;
    }
    expect(listener.deviation).toBeLessThan(100);
    expect(listener.deviation).toBeGreaterThanOrEqual(MIN_DEVIATION);
  });

  it('never drops below MIN_DEVIATION, even after a rollup of thousands of votes', () => {
    const games = Array.from({ length: 5000 }, (_, i) => ({ opponent: { rating: 1500, deviation: MIN_DEVIATION }, won: i % 2 === 0 }));
    let track = NEW_RATING;
    for (let period = 0; period < 3; period += 1) {
      track = ratePeriod(track, 'track', games);
      expect(track.deviation).toBe(MIN_DEVIATION);
    }
  });
});

describe('conservativeRating: three lucky votes never top two hundred good ones', () => {
  const GOOD_VOTES = 200;
  const LUCKY_VOTES = 3;

  it.each([1200, 1500, 1800, 2100])('a newcomer right three times against tracks at %i ranks below a listener right on three votes in four out of 200', (trackRating) => {
    const track = { rating: trackRating, deviation: MIN_DEVIATION };
    let lucky = NEW_RATING;
    for (let i = 0; i < LUCKY_VOTES; i += 1) lucky = ratePeriod(lucky, 'listener', vote(track, true));
    let good = NEW_RATING;
    for (let i = 0; i < GOOD_VOTES; i += 1) good = ratePeriod(good, 'listener', vote({ rating: 1500, deviation: 60 }, i % 4 !== 3));
    // The lucky one's raw rating may well be higher: the conservative value is what keeps it down.
    expect(conservativeRating(lucky)).toBeLessThan(conservativeRating(good));
  });

  it('is the rating minus two deviations', () => {
    expect(conservativeRating({ rating: 1712, deviation: 48 })).toBe(1712 - 2 * 48);
  });
});
