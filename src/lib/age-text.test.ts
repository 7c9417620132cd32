import { describe, expect, it } from 'vitest';
import { ageText } from './age-text';

const NOW = Date.parse('2026-12-02T12:00:00Z');
const before = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe('ageText', () => {
  it('says just now under a minute, and for a moment ahead of the clock', () => {
    expect(ageText(before(59), NOW)).toBe('just now');
    expect(ageText(before(-300), NOW)).toBe('just now');
  });

  it('counts whole minutes, hours and days, singular for one', () => {
    expect(ageText(before(60), NOW)).toBe('1 minute ago');
    expect(ageText(before(59 * 60 + 59), NOW)).toBe('59 minutes ago');
    expect(ageText(before(3600), NOW)).toBe('1 hour ago');
    expect(ageText(before(5 * 3600 + 10), NOW)).toBe('5 hours ago');
    expect(ageText(before(86_400), NOW)).toBe('1 day ago');
    expect(ageText(before(3 * 86_400 + 7200), NOW)).toBe('3 days ago');
  });

  it('says just now for a date it cannot read rather than NaN', () => {
    expect(ageText('not a date', NOW)).toBe('just now');
  });
});
