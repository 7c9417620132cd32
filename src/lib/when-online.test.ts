import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api/api-error';
import { RECONNECT_RETRY_MS, sendWhenOnline, whenOnline } from './when-online';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('whenOnline', () => {
  it('resolves at once while online', async () => {
    vi.stubGlobal('navigator', { onLine: true });
    await expect(whenOnline()).resolves.toBeUndefined();
  });

  it('waits for the online event while offline', async () => {
    const target = new EventTarget();
    vi.stubGlobal('navigator', { onLine: false });
    vi.stubGlobal('window', target);
    let done = false;
    const waiting = whenOnline().then(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(false);
    target.dispatchEvent(new Event('online'));
    await waiting;
    expect(done).toBe(true);
  });
});

describe('sendWhenOnline', () => {
  const noNetwork = () => new ApiError(0, 'Network error', null);

  it('tries a send that met no network again after 0.5 s and 1.5 s more, and answers with the first success', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('navigator', { onLine: true });
    const send = vi.fn<() => Promise<string>>().mockRejectedValueOnce(noNetwork()).mockRejectedValueOnce(noNetwork()).mockResolvedValue('sent');
    const result = sendWhenOnline(send);
    await vi.advanceTimersByTimeAsync(RECONNECT_RETRY_MS[0] - 1);
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(RECONNECT_RETRY_MS[1]);
    await expect(result).resolves.toBe('sent');
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('gives up after the third try with the last failure, for the caller to retry later', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('navigator', { onLine: true });
    const send = vi.fn<() => Promise<string>>().mockRejectedValue(noNetwork());
    const result = sendWhenOnline(send);
    const settled = expect(result).rejects.toMatchObject({ status: 0 });
    await vi.advanceTimersByTimeAsync(RECONNECT_RETRY_MS[0] + RECONNECT_RETRY_MS[1]);
    await settled;
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('does not repeat a send the server answered, even with an error', async () => {
    vi.stubGlobal('navigator', { onLine: true });
    const send = vi.fn<() => Promise<string>>().mockRejectedValue(new ApiError(429, 'Too many requests', null));
    await expect(sendWhenOnline(send)).rejects.toMatchObject({ status: 429 });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('sends nothing while the browser is offline, and sends at the online event', async () => {
    const target = new EventTarget();
    const nav = { onLine: false };
    vi.stubGlobal('navigator', nav);
    vi.stubGlobal('window', target);
    const send = vi.fn<() => Promise<string>>().mockResolvedValue('sent');
    const result = sendWhenOnline(send);
    await Promise.resolve();
    expect(send).not.toHaveBeenCalled();
    nav.onLine = true;
    target.dispatchEvent(new Event('online'));
    await expect(result).resolves.toBe('sent');
  });
});
