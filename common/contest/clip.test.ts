import { describe, expect, it } from 'vitest';
import { formatClock, latestClipStart, snapToStep } from './clip';

describe('latestClipStart', () => {
  it('is duration - 45 floored to the 0.1 s step', () => {
    expect(latestClipStart(70)).toBe(25);
    expect(latestClipStart(70.08)).toBe(25);
    expect(latestClipStart(60.5)).toBe(15.5);
    expect(latestClipStart(180.37)).toBe(135.3);
  });

  it('is 0 for a track no longer than a clip, or no duration', () => {
    expect(latestClipStart(45)).toBe(0);
    expect(latestClipStart(20)).toBe(0);
    expect(latestClipStart(Number.NaN)).toBe(0);
    expect(latestClipStart(Number.POSITIVE_INFINITY)).toBe(0);
  });
});

describe('snapToStep', () => {
  it('rounds to the nearest 0.1 s unless told to floor', () => {
    expect(snapToStep(12.34)).toBe(12.3);
    expect(snapToStep(12.35)).toBe(12.4);
    expect(snapToStep(12.39, Math.floor)).toBe(12.3);
  });
});

describe('formatClock', () => {
  it('is m:ss, floored', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(7.9)).toBe('0:07');
    expect(formatClock(9.99)).toBe('0:09');
    expect(formatClock(44.9999999)).toBe('0:45');
    expect(formatClock(65)).toBe('1:05');
    expect(formatClock(600)).toBe('10:00');
  });

  it('is 0:00 for a negative or unknown time', () => {
    expect(formatClock(-3)).toBe('0:00');
    expect(formatClock(Number.NaN)).toBe('0:00');
  });
});
