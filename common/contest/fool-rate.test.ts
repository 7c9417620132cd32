import { describe, expect, it } from 'vitest';
import { CHANCE_FOOL_RATE, comparedWithChance, foolRate, foolRateLow, percentagesOf, wilsonInterval } from './fool-rate';

describe('wilsonInterval', () => {
  it('matches the textbook values', () => {
    // 6 of 6 wrong: 61.0%..100%; 9 of 10: 59.6%..98.2%; 50 of 100: 40.4%..59.6%.
    expect(wilsonInterval(6, 6).low).toBeCloseTo(0.6097, 3);
    expect(wilsonInterval(6, 6).high).toBe(1);
    expect(wilsonInterval(9, 10).low).toBeCloseTo(0.5958, 3);
    expect(wilsonInterval(9, 10).high).toBeCloseTo(0.9821, 3);
    expect(wilsonInterval(50, 100).low).toBeCloseTo(0.4038, 3);
    expect(wilsonInterval(50, 100).high).toBeCloseTo(0.5962, 3);
    expect(wilsonInterval(0, 5).low).toBe(0);
  });

  it('is the whole range without votes', () => {
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 1 });
  });
});

describe('foolRateLow', () => {
  it('ranks many votes at a high rate over a few perfect ones', () => {
    // Six votes all wrong (the old leader at 100%) against 200 votes 80% wrong.
    expect(foolRateLow(6, 6)).toBe(61);
    expect(foolRateLow(160, 200)).toBeGreaterThan(foolRateLow(6, 6));
    expect(foolRateLow(4, 6)).toBeLessThan(foolRate(4, 6));
  });

  it('grows with the evidence at the same rate', () => {
    expect(foolRateLow(20, 30)).toBeGreaterThan(foolRateLow(2, 3));
    expect(foolRateLow(200, 300)).toBeGreaterThan(foolRateLow(20, 30));
    expect(foolRateLow(0, 0)).toBe(0);
  });
});

describe('comparedWithChance', () => {
  it('says above, at or below 66.7% by where the interval lies', () => {
    expect(CHANCE_FOOL_RATE).toBeCloseTo(0.667, 3);
    expect(comparedWithChance(6, 6)).toBe('at'); // 61%..100% contains 66.7%
    expect(comparedWithChance(95, 100)).toBe('above');
    expect(comparedWithChance(67, 100)).toBe('at');
    expect(comparedWithChance(30, 100)).toBe('below');
    expect(comparedWithChance(0, 0)).toBeNull();
  });
});

describe('percentagesOf', () => {
  it('gives whole percentages that add up to 100, unless that would set equal counts apart', () => {
    // A tie stays a tie (34/33/33 read as most guessing AI): 99 in all.
    expect(percentagesOf({ ai: 1, human: 1, hybrid: 1 })).toEqual({ ai: 33, human: 33, hybrid: 33 });
    expect(percentagesOf({ ai: 2, human: 2, hybrid: 2 })).toEqual({ ai: 33, human: 33, hybrid: 33 });
    expect(percentagesOf({ ai: 1, human: 2, hybrid: 0 })).toEqual({ ai: 33, human: 67, hybrid: 0 });
    expect(percentagesOf({ ai: 1, human: 1, hybrid: 1, x: 3 } as Record<string, number>)).toEqual({ ai: 16, human: 16, hybrid: 16, x: 50 });
    expect(percentagesOf({ ai: 3, human: 3, hybrid: 1 })).toEqual({ ai: 43, human: 43, hybrid: 14 });
    expect(percentagesOf({ ai: 3, human: 1, hybrid: 0 })).toEqual({ ai: 75, human: 25, hybrid: 0 });
    expect(percentagesOf({ ai: 0, human: 0, hybrid: 0 })).toEqual({ ai: 0, human: 0, hybrid: 0 });
  });
});
