import { describe, expect, it } from 'vitest';
import { formatMailTime } from '../accounts/account-mail';

describe('formatMailTime', () => {
  it('shows the day, month, year and minute in UTC', () => {
    expect(formatMailTime('2026-11-25T20:00:00Z')).toBe('25 Nov 2026, 20:00 UTC');
    expect(formatMailTime(Date.parse('2026-03-01T09:05:59.999Z'))).toBe('1 Mar 2026, 09:05 UTC');
    expect(formatMailTime('2026-12-31T23:30:00-02:00')).toBe('1 Jan 2027, 01:30 UTC');
  });

  it('refuses what is not a time', () => {
    expect(() => formatMailTime('soon')).toThrow('Not a time');
  });
});
