import { initializeApp } from 'firebase/app';
import { browserLocalPersistence, connectAuthEmulator, indexedDBLocalPersistence, initializeAuth, onAuthStateChanged, signOut } from 'firebase/auth';
import { env } from '@/config/env';
import { followAuthState } from './session';

const app = initializeApp({
  apiKey: env.VITE_FIREBASE_API_KEY,
  authDomain: env.VITE_FIREBASE_AUTH_DOMAIN,
  projectId: env.VITE_FIREBASE_PROJECT_ID,
});

/** No popup/redirect resolver here: Google sign-in loads it when used (keeps the first load small). */
export const auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence] });
if (env.VITE_AUTH_EMULATOR_URL) connectAuthEmulator(auth, env.VITE_AUTH_EMULATOR_URL, { disableWarnings: true });

/** The session follows Firebase Auth from the moment this module loads, whoever loads it. */
export const firstAuthState = followAuthState(auth, (listener) => onAuthStateChanged(auth, listener));

/** Signs out (loaded on demand by the menus: a dynamic import of firebase/auth itself would keep all of it). */
export const signOutUser = () => signOut(auth);
