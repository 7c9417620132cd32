import { describe, expect, it, vi } from 'vitest';
import { within } from './within';

describe('within', () => {
  it('gives the work’s result when it comes in time, and clears its timer', async () => {
    vi.useFakeTimers();
    try {
      await expect(within(Promise.resolve('done'), 1_000, 'late')).resolves.toBe('done');
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives the fallback once the time is up', async () => {
    vi.useFakeTimers();
    try {
      const result = within(new Promise<string>(() => undefined), 1_000, 'late');
      await vi.advanceTimersByTimeAsync(1_000);
      await expect(result).resolves.toBe('late');
    } finally {
      vi.useRealTimers();
    }
  });
});
