import type { Auth, User } from 'firebase/auth';
import { create } from 'zustand';
import { SIGNED_IN_HINT_KEY, readSignedInHint, writeSignedInHint } from './signed-in-hint';

type SessionState = { user: User | null; ready: boolean };

/** The Firebase Auth session; `ready` turns true with the first auth state. */
export const useSession = create<SessionState>(() => ({ user: null, ready: false }));

/** Without a hint (first visit, or a session older than the hint), Firebase's own storage tells. */
async function mayHaveUser(): Promise<boolean> {
  const hint = readSignedInHint();
  if (hint !== null) return hint === '1';
  try {
    if (Object.keys(localStorage).some((key) => key.startsWith('firebase:authUser:'))) return true;
    if (typeof indexedDB.databases !== 'function') return true;
    return (await indexedDB.databases()).some((db) => db.name === 'firebaseLocalStorageDb');
  } catch {
    return true;
  }
}

let loaded: { auth: Auth; firstState: Promise<void> } | null = null;
let importing: Promise<unknown> | null = null;

/** Called once by lib/firebase when it loads: the store (and the hint) follow Firebase's auth state. */
export function followAuthState(auth: Auth, subscribe: (listener: (user: User | null) => void) => unknown): Promise<void> {
  const firstState = new Promise<void>((resolve) => {
    subscribe((user) => {
      writeSignedInHint(user !== null);
      useSession.setState({ user, ready: true });
      resolve();
    });
  });
  loaded = { auth, firstState };
  return firstState;
}

/** Loads Firebase Auth (the session follows it from then on); resolves with the first auth state. */
export async function loadAuth(): Promise<Auth> {
  if (!loaded) await (importing ??= import('./firebase'));
  await loaded!.firstState;
  return loaded!.auth;
}

/** Firebase Auth if it is loaded or loading (a signed-out visitor may never load it), without loading it. */
export const loadedAuth = async (): Promise<Auth | null> => (loaded || importing ? loadAuth() : null);

let firstState: Promise<void> | null = null;

/** Starts once; resolves when we know who is signed in (or no one). */
export function startSession(): Promise<void> {
  firstState ??= mayHaveUser().then(async (maybe) => {
    if (maybe) {
      await loadAuth();
      return;
    }
    useSession.setState({ ready: true });
    // A sign-in in another tab of this site: follow it here too.
    window.addEventListener('storage', (e) => {
      if (e.key === SIGNED_IN_HINT_KEY && e.newValue === '1') void loadAuth();
    });
  });
  return firstState;
}
