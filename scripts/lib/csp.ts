/**
 * The web app's Content-Security-Policy, made at build time from the same VITE_* settings the
 * app is built with (the Auth emulator or Google's endpoints, the function's own URL for the
 * SSE streams, the radio station). Vite writes it into index.html as a <meta> tag; what a meta
 * tag cannot carry (frame-ancestors) is a header in firebase.json, with the other headers.
 */
import { prerenderGuardCspSource } from './prerender-guard.ts';

type BuildEnv = Record<string, string | undefined>;

const originOf = (url: string | undefined): string[] => {
  if (!url || !/^https?:\/\//.test(url)) return [];
  return [new URL(url).origin];
};

const GOOGLE_AUTH = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];
/** Signed URLs of Cloud Storage (marketplace previews, licence downloads) deployed. */
const STORAGE = ['https://storage.googleapis.com', 'https://firebasestorage.googleapis.com'];

export function appCsp(env: BuildEnv): string {
  const authDomain = env.VITE_FIREBASE_AUTH_DOMAIN ?? 'demo-foolrate.firebaseapp.com';
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // Google sign-in's popup helper (apis.google.com, and an iframe on the auth domain); the
    // prerendered pages' one inline script, by its hash.
    'script-src': ["'self'", 'https://apis.google.com', prerenderGuardCspSource()],
    // Toasts and the waveform inject <style> elements.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https://*.googleusercontent.com', ...STORAGE],
    // blob: the submit page's local preview; data: howler's silent unlock sound.
    'media-src': ["'self'", 'blob:', 'data:', ...STORAGE, ...originOf(env.VITE_RADIO_STREAM_URL)],
    'connect-src': [
      "'self'",
      'blob:',
      ...GOOGLE_AUTH,
      'https://apis.google.com',
      ...STORAGE,
      ...originOf(env.VITE_AUTH_EMULATOR_URL),
      ...originOf(env.VITE_SYNC_STREAM_BASE_URL),
      ...originOf(env.VITE_API_BASE_URL),
      ...originOf(env.VITE_RADIO_METADATA_URL),
    ],
    'frame-src': [`https://${authDomain}`],
    // The service worker; the welcome confetti draws in a blob: worker.
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${[...new Set(values)].join(' ')}`)
    .join('; ');
}
