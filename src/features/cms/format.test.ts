import { describe, expect, it } from 'vitest';
import { weekChange } from './format';

describe('weekChange', () => {
  it('signs growth, keeps losses and zero as they are', () => {
    expect(weekChange(12)).toBe('+12 this week');
    expect(weekChange(-3)).toBe('-3 this week');
    expect(weekChange(0)).toBe('0 this week');
    expect(weekChange(1500)).toBe('+1,500 this week');
  });
});
