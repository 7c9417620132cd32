import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PullStreamItem } from './sync-stream';

/** The server as the feed sees it: each collection's documents, or a failure (offline). */
const server = vi.hoisted(() => ({ docs: new Map<string, Array<Record<string, unknown>>>(), offline: false, requests: [] as string[] }));
/** The live stream's listeners of the running feed, by collection. */
const streams = vi.hoisted(() => ({ listeners: new Map<string, (item: PullStreamItem) => void>(), stopped: 0 }));

vi.mock('@/lib/api/api', () => ({
  api: async (path: string) => {
    server.requests.push(path);
    if (server.offline) throw new Error('You are offline.');
    const name = /\/sync\/(\w+)\/pull/.exec(path)![1]!;
    return { documents: server.docs.get(name) ?? [], checkpoint: null };
  },
}));
vi.mock('./sync-errors', () => ({ syncFailures: { failed: () => {}, succeeded: () => {} } }));
vi.mock('./sync-stream', () => ({
  SyncStream: class {
    listen(name: string, listener: (item: PullStreamItem) => void) {
      streams.listeners.set(name, listener);
      return () => streams.listeners.delete(name);
    }
    start() {}
    stop() {
      streams.stopped += 1;
    }
  },
}));

const { followAccount, pullOwnNow, useAccountFeed } = await import('./account-feed');

const storage = new Map<string, string>();
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const docs = () => useAccountFeed.getState().docs;

beforeEach(() => {
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => void storage.set(k, v),
    removeItem: (k: string) => void storage.delete(k),
  });
  server.docs = new Map([
    ['token_balances', [{ id: 'u1', balance: 7, updatedAt: 10, _deleted: false }]],
    ['profiles', [{ id: 'u1', username: 'mara', updatedAt: 10, _deleted: false }]],
    ['user_roles', [{ id: 'u1', roles: ['user'], updatedAt: 10, _deleted: false }]],
  ]);
  server.offline = false;
  server.requests = [];
});

afterEach(() => {
  followAccount(null);
  storage.clear();
  vi.unstubAllGlobals();
});

describe('the account feed', () => {
  it("shows the cached copy at once, then the server's documents, and keeps them for the next visit", async () => {
    storage.set('foolrate:account:u1', JSON.stringify({ token_balances: { id: 'u1', balance: 3, updatedAt: 5 } }));
    followAccount('u1');
    expect(docs().token_balances).toEqual({ id: 'u1', balance: 3, updatedAt: 5 });
    await settle();
    expect(docs().token_balances).toEqual({ id: 'u1', balance: 7, updatedAt: 10 });
    expect(docs().profiles).toMatchObject({ username: 'mara' });
    // No daily grant on the server: the user has none (not "loading").
    expect(docs().daily_token_grants).toBeNull();
    expect(JSON.parse(storage.get('foolrate:account:u1')!)).toMatchObject({ token_balances: { balance: 7 }, daily_token_grants: null });
  });

  it('follows live changes, and a slower pull does not undo a newer one', async () => {
    followAccount('u1');
    await settle();
    streams.listeners.get('token_balances')!({ documents: [{ id: 'u1', balance: 9, updatedAt: 20, _deleted: false }], checkpoint: { id: 'u1', updatedAt: 20 } });
    expect(docs().token_balances).toMatchObject({ balance: 9 });
    // The server still answers with the older state (a pull that started before the change).
    await pullOwnNow(['token_balances']);
    expect(docs().token_balances).toMatchObject({ balance: 9 });
  });

  it('after a write, pulls only the named account collections', async () => {
    followAccount('u1');
    await settle();
    server.requests = [];
    server.docs.set('token_balances', [{ id: 'u1', balance: 2, updatedAt: 30, _deleted: false }]);
    await pullOwnNow(['orders', 'token_balances']);
    expect(server.requests).toEqual(['/sync/token_balances/pull?limit=10']);
    expect(docs().token_balances).toMatchObject({ balance: 2 });
  });

  it('offline, keeps the cached copy and shows "none" only for what was never known, without storing it', async () => {
    server.offline = true;
    storage.set('foolrate:account:u1', JSON.stringify({ token_balances: { id: 'u1', balance: 3, updatedAt: 5 } }));
    followAccount('u1');
    await settle();
    expect(docs().token_balances).toMatchObject({ balance: 3 });
    expect(docs().profiles).toBeNull();
    expect(JSON.parse(storage.get('foolrate:account:u1')!)).toEqual({ token_balances: { id: 'u1', balance: 3, updatedAt: 5 } });
  });

  it('tries a failed pull again a few seconds later', async () => {
    vi.useFakeTimers();
    try {
      server.offline = true;
      followAccount('u1');
      // The stream connects meanwhile: its RESYNC pulls (and fails) once more.
      streams.listeners.get('token_balances')!('RESYNC');
      await vi.advanceTimersByTimeAsync(0);
      expect(docs().token_balances).toBeNull();
      server.offline = false;
      server.requests = [];
      await vi.advanceTimersByTimeAsync(5_000);
      expect(docs().token_balances).toMatchObject({ balance: 7 });
      // One retry per collection, however many pulls failed.
      expect(server.requests.filter((r) => r.includes('token_balances'))).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("never shows the previous user's documents, and forgets them on sign-out", async () => {
    followAccount('u1');
    await settle();
    expect(storage.has('foolrate:account:u1')).toBe(true);
    const oldStream = streams.listeners.get('token_balances')!;
    followAccount('u2');
    expect(docs()).toEqual({});
    expect(streams.stopped).toBeGreaterThan(0);
    await settle();
    // A change still arriving on the old user's stream is ignored.
    oldStream({ documents: [{ id: 'u1', balance: 50, updatedAt: 40, _deleted: false }], checkpoint: { id: 'u1', updatedAt: 40 } });
    expect(docs().token_balances).toBeNull();
    expect(storage.has('foolrate:account:u1')).toBe(false);
    followAccount(null);
    expect(useAccountFeed.getState()).toMatchObject({ uid: null, docs: {} });
    expect(storage.has('foolrate:account:u2')).toBe(false);
  });
});
