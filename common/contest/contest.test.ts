import { describe, expect, it } from 'vitest';
import { isAi, submissionCost } from './contest';

describe('submissionCost', () => {
  const pricing = { contest_entry_cost: 10, marketplace: { basic: 15 } };

  it('is contest 10, marketplace 15, both 20, nothing chosen 0', () => {
    expect(submissionCost(['contest'], pricing, false)).toBe(10);
    expect(submissionCost(['marketplace'], pricing, false)).toBe(15);
    expect(submissionCost(['contest', 'marketplace'], pricing, false)).toBe(20);
    expect(submissionCost([], pricing, false)).toBe(0);
  });

  it('follows the saved prices: both routes are the two less 5, never below 0', () => {
    expect(submissionCost(['contest', 'marketplace'], { contest_entry_cost: 12, marketplace: { basic: 30 } }, false)).toBe(37);
    expect(submissionCost(['contest', 'marketplace'], { contest_entry_cost: 2, marketplace: { basic: 1 } }, false)).toBe(0);
  });

  it('is 0 for admins', () => {
    expect(submissionCost(['contest', 'marketplace'], pricing, true)).toBe(0);
  });
});

describe('isAi', () => {
  it('is true for ai and hybrid, false for human', () => {
    expect(isAi('ai')).toBe(true);
    expect(isAi('hybrid')).toBe(true);
    expect(isAi('human')).toBe(false);
  });
});
