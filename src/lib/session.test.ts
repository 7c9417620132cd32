/// <reference types="vite/client" />
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Whether the app loaded Firebase Auth (lib/firebase), and the user it then reports. */
const firebase = { loads: 0, user: null as null | { uid: string } };

function storage(initial: Record<string, string>) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    // Object.keys(localStorage) lists the stored keys.
    keys: () => [...data.keys()],
  };
}

async function start(local: Record<string, string>, databases: string[]) {
  const store = storage(local);
  const proxy = new Proxy(store, { ownKeys: () => store.keys(), getOwnPropertyDescriptor: () => ({ enumerable: true, configurable: true }) });
  vi.stubGlobal('localStorage', proxy);
  vi.stubGlobal('indexedDB', { databases: async () => databases.map((name) => ({ name, version: 1 })) });
  vi.stubGlobal('window', { addEventListener: () => undefined });
  const session = await import('./session');
  await session.startSession();
  return { session, store };
}

beforeEach(() => {
  vi.resetModules();
  firebase.loads = 0;
  firebase.user = null;
  // Registered per test: a mocked module outlives vi.resetModules().
  vi.doMock('./firebase', async () => {
    firebase.loads++;
    const { followAuthState } = await import('./session');
    const auth = { currentUser: firebase.user };
    const firstAuthState = followAuthState(auth as never, (listener) => listener(firebase.user as never));
    return { auth, firstAuthState };
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the session without Firebase Auth for signed-out visitors', () => {
  it('a first visit with no Firebase storage renders signed out and never loads Firebase Auth', async () => {
    const { session } = await start({}, []);
    expect(session.useSession.getState()).toEqual({ user: null, ready: true });
    expect(firebase.loads).toBe(0);
    expect(await session.loadedAuth()).toBeNull();
  });

  it('a device that signed out last time (hint 0) does not load it either', async () => {
    await start({ 'foolrate:signed-in': '0' }, ['firebaseLocalStorageDb']);
    expect(firebase.loads).toBe(0);
  });

  it("a session from before the hint (Firebase's database) loads it, follows the user and writes the hint", async () => {
    firebase.user = { uid: 'u1' };
    const { session, store } = await start({}, ['firebaseLocalStorageDb']);
    expect(firebase.loads).toBe(1);
    expect(session.useSession.getState()).toEqual({ user: { uid: 'u1' }, ready: true });
    expect(store.data.get('foolrate:signed-in')).toBe('1');
    expect((await session.loadedAuth())?.currentUser).toEqual({ uid: 'u1' });
  });

  it('a hint of 1 whose session has ended turns into 0', async () => {
    const { session, store } = await start({ 'foolrate:signed-in': '1' }, []);
    expect(firebase.loads).toBe(1);
    expect(session.useSession.getState()).toEqual({ user: null, ready: true });
    expect(store.data.get('foolrate:signed-in')).toBe('0');
  });
});
