/**
 * The app's environment, read once at start-up. Plain checks rather than zod: zod's runtime
 * would be ~12 KB gzip on every first load for six strings (see docs/adr/0042-small-first-load.md).
 */
type Env = {
  VITE_FIREBASE_API_KEY: string;
  VITE_FIREBASE_AUTH_DOMAIN: string;
  VITE_FIREBASE_PROJECT_ID: string;
  /** Set for the local stack: the Auth emulator's URL, e.g. http://127.0.0.1:9099 */
  VITE_AUTH_EMULATOR_URL?: string;
  /** Base URL of the API; '' means same origin (/api, rewritten by Hosting or proxied by Vite). */
  VITE_API_BASE_URL: string;
  /** Where the SSE stream goes: the function's own URL in production (Hosting buffers streams). */
  VITE_SYNC_STREAM_BASE_URL?: string;
};

const DEFAULTS = {
  VITE_FIREBASE_API_KEY: 'demo-api-key',
  VITE_FIREBASE_AUTH_DOMAIN: 'demo-foolrate.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'demo-foolrate',
  VITE_API_BASE_URL: '',
} as const;
const OPTIONAL = ['VITE_AUTH_EMULATOR_URL', 'VITE_SYNC_STREAM_BASE_URL'] as const;

function readEnv(raw: Record<string, unknown>): Env {
  const problems: string[] = [];
  const read = (key: string, fallback?: string): string | undefined => {
    const value = raw[key];
    if (value === undefined || value === '') return fallback;
    if (typeof value !== 'string') problems.push(`- ${key}: expected a string`);
    return String(value);
  };
  const env = Object.fromEntries([
    ...Object.entries(DEFAULTS).map(([k, d]) => [k, read(k, d)]),
    ...OPTIONAL.map((k) => [k, read(k)]),
  ]) as Env;
  if (problems.length) throw new Error(`Invalid environment:\n${problems.join('\n')}`);
  return env;
}

export const env = readEnv(import.meta.env);
export const streamBaseUrl = env.VITE_SYNC_STREAM_BASE_URL ?? env.VITE_API_BASE_URL;
