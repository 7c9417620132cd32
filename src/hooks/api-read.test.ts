import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startRead, type ReadResult } from './api-read';

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('startRead', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('reads once and hands over the answer', async () => {
    const results: ReadResult<number>[] = [];
    const read = vi.fn(async () => 7);
    startRead(read, (r) => results.push(r));
    await flush();
    expect(results).toEqual([{ ok: true, data: 7 }]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('reports a failure to onError and the result, and logs without onError', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const onError = vi.fn();
    const results: ReadResult<number>[] = [];
    const boom = new Error('boom');
    startRead(() => Promise.reject(boom), (r) => results.push(r), { onError });
    await flush();
    expect(onError).toHaveBeenCalledWith(boom);
    expect(results).toEqual([{ ok: false, error: boom }]);
    expect(warn).not.toHaveBeenCalled();
    startRead(() => Promise.reject(boom), () => {});
    await flush();
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('polls every everyMs, one read after the other, until told to stop', async () => {
    let n = 0;
    const read = vi.fn(async () => ++n);
    const results: ReadResult<number>[] = [];
    startRead(read, (r) => results.push(r), { everyMs: 1000, until: (data) => data === 3 });
    await flush();
    expect(read).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(read).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(read).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(read).toHaveBeenCalledTimes(3);
    expect(results.at(-1)).toEqual({ ok: true, data: 3 });
  });

  it('keeps polling after a failure unless until says otherwise', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const read = vi.fn(() => Promise.reject(new Error('down')));
    startRead(read, () => {}, { everyMs: 100 });
    await vi.advanceTimersByTimeAsync(250);
    expect(read).toHaveBeenCalledTimes(3);
    const once = vi.fn(() => Promise.reject(new Error('gone')));
    startRead(once, () => {}, { everyMs: 100, until: (_data, error) => error !== null });
    await vi.advanceTimersByTimeAsync(500);
    expect(once).toHaveBeenCalledTimes(1);
  });

  it('with retryMs, reads again after a failure until one succeeds, and at once when the browser is back online', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const browser = new EventTarget();
    vi.stubGlobal('window', browser);
    try {
      let up = false;
      const read = vi.fn(async () => {
        if (!up) throw new Error('offline');
        return 'boards';
      });
      const results: ReadResult<string>[] = [];
      const onError = vi.fn();
      const stop = startRead(read, (r) => results.push(r), { retryMs: 10_000, onError });
      await flush();
      expect(read).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(read).toHaveBeenCalledTimes(2);
      // One failure told, however many retries fail.
      expect(onError).toHaveBeenCalledTimes(1);
      // Back online: read now, not at the next retry.
      up = true;
      browser.dispatchEvent(new Event('online'));
      await flush();
      expect(read).toHaveBeenCalledTimes(3);
      expect(results.at(-1)).toEqual({ ok: true, data: 'boards' });
      // Succeeded: no more reads, on a timer or online again.
      browser.dispatchEvent(new Event('online'));
      await vi.advanceTimersByTimeAsync(60_000);
      expect(read).toHaveBeenCalledTimes(3);
      stop();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('with retryMs, stopping ends the retries and the wait for the network', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const browser = new EventTarget();
    vi.stubGlobal('window', browser);
    try {
      const read = vi.fn(() => Promise.reject(new Error('down')));
      const stop = startRead(read, () => {}, { retryMs: 1000 });
      await flush();
      stop();
      browser.dispatchEvent(new Event('online'));
      await vi.advanceTimersByTimeAsync(10_000);
      expect(read).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('stop aborts the read in flight: no result, no error, no further polls', async () => {
    const onError = vi.fn();
    const onResult = vi.fn();
    let signal: AbortSignal | undefined;
    const read = vi.fn(
      (s: AbortSignal) =>
        new Promise<number>((_resolve, reject) => {
          signal = s;
          s.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const stop = startRead(read, onResult, { everyMs: 100, onError });
    stop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(signal?.aborted).toBe(true);
    expect(onResult).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
    expect(read).toHaveBeenCalledTimes(1);
  });
});
