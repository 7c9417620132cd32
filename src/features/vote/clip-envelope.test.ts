import { describe, expect, it } from 'vitest';
import { clipFormat, clipVolume, formatClock } from './clip-envelope';

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
});

describe('formatClock', () => {
  it('shows m:ss', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(7.9)).toBe('0:07');
    expect(formatClock(45)).toBe('0:45');
    expect(formatClock(61)).toBe('1:01');
    expect(formatClock(Number.NaN)).toBe('0:00');
  });
});

describe('clipFormat', () => {
  it('reads the extension of the path, not of the query', () => {
    expect(clipFormat('/api/files/clips/abc.mp3?expires=1&sig=x.y')).toBe('mp3');
    expect(clipFormat('https://storage.example/clips/abc.M4A')).toBe('m4a');
    expect(clipFormat('/api/files/clips/abc')).toBe('mp3');
  });
});
