import { describe, expect, it } from 'vitest';
import { fitsSlot } from './ad-duration';

describe('fitsSlot', () => {
  it('accepts a file within 1 s of its slot', () => {
    expect(fitsSlot(30, 30)).toBe(true);
    expect(fitsSlot(29.1, 30)).toBe(true);
    expect(fitsSlot(60.9, 60)).toBe(true);
  });
  it('refuses one further off', () => {
    expect(fitsSlot(28.5, 30)).toBe(false);
    expect(fitsSlot(16.2, 15)).toBe(false);
    expect(fitsSlot(30, 15)).toBe(false);
  });
});
