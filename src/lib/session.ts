import { onAuthStateChanged, type User } from 'firebase/auth';
import { create } from 'zustand';
import { auth } from './firebase';

type SessionState = { user: User | null; ready: boolean };

/** The Firebase Auth session; `ready` turns true with the first auth state. */
export const useSession = create<SessionState>(() => ({ user: null, ready: false }));

let firstState: Promise<void> | null = null;

/** Starts listening once; resolves when Firebase has told us who is signed in (or no one). */
export function startSession(): Promise<void> {
  firstState ??= new Promise((resolve) => {
    onAuthStateChanged(auth, (user) => {
      useSession.setState({ user, ready: true });
      resolve();
    });
  });
  return firstState;
}
