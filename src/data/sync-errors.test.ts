import { describe, expect, it, vi } from 'vitest';
import { failureStreak } from './sync-errors';

describe('failureStreak', () => {
  const quiet = () => vi.spyOn(console, 'warn').mockImplementation(() => {});

  it('reports the first failure of a streak only', () => {
    quiet();
    const report = vi.fn();
    const streak = failureStreak(report, () => true);
    streak.failed(new Error('a'));
    streak.failed(new Error('b'));
    expect(report).toHaveBeenCalledTimes(1);
    streak.succeeded();
    streak.failed(new Error('c'));
    expect(report).toHaveBeenCalledTimes(2);
  });

  it('does not report while offline, and reports once back online', () => {
    quiet();
    const report = vi.fn();
    let online = false;
    const streak = failureStreak(report, () => online);
    streak.failed(new Error('offline'));
    expect(report).not.toHaveBeenCalled();
    online = true;
    streak.failed(new Error('server down'));
    expect(report).toHaveBeenCalledTimes(1);
  });
});
