import { describe, expect, it } from 'vitest';
import { clipFormat, formatClock } from './clip-envelope';

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
