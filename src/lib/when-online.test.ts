import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenOnline } from './when-online';

afterEach(() => vi.unstubAllGlobals());

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
