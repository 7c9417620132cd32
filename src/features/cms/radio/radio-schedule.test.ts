import { describe, expect, it } from 'vitest';
import { isoWithOffset, localInputToIso } from './radio-schedule';

describe('localInputToIso', () => {
  it('keeps the local wall time and adds the offset: the same instant', () => {
    const iso = localInputToIso('2026-12-01T20:30');
    expect(iso).toMatch(/^2026-12-01T20:30:00[+-]\d{2}:\d{2}$/);
    expect(new Date(iso!).getTime()).toBe(new Date('2026-12-01T20:30').getTime());
  });

  it('is null for an empty or malformed value', () => {
    expect(localInputToIso('')).toBeNull();
    expect(localInputToIso('tomorrow')).toBeNull();
    expect(localInputToIso('2026-13-45T99:99')).toBeNull();
  });
});

describe('isoWithOffset', () => {
  it('round-trips any instant', () => {
    const d = new Date('2026-06-15T03:04:05Z');
    expect(new Date(isoWithOffset(d)).getTime()).toBe(d.getTime());
  });
});
