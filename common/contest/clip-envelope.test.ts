import { describe, expect, it } from 'vitest';
import { clipVolume } from './clip-envelope';

describe('clipVolume', () => {
  it('fades in over the first 1.5 s', () => {
    expect(clipVolume(0)).toBe(0);
    expect(clipVolume(0.75)).toBeCloseTo(0.5);
    expect(clipVolume(1.5)).toBe(1);
  });

  it('plays at full volume until 42.5 s, then fades out to silence at 45 s', () => {
    expect(clipVolume(20)).toBe(1);
    expect(clipVolume(42.5)).toBe(1);
    expect(clipVolume(43.75)).toBeCloseTo(0.5);
    expect(clipVolume(45)).toBe(0);
    expect(clipVolume(50)).toBe(0);
  });

  it('is silent for nonsense positions', () => {
    expect(clipVolume(-1)).toBe(0);
    expect(clipVolume(Number.NaN)).toBe(0);
  });

  it('fades out over the last 2.5 s of a shorter window', () => {
    expect(clipVolume(27.5, 30)).toBe(1);
    expect(clipVolume(29, 30)).toBeCloseTo(0.4);
  });
});
