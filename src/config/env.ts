import * as z from 'zod/mini';

/** The app's environment, read once and validated at start-up. */
const schema = z.object({
  VITE_FIREBASE_API_KEY: z._default(z.string(), 'demo-api-key'),
  VITE_FIREBASE_AUTH_DOMAIN: z._default(z.string(), 'demo-foolrate.firebaseapp.com'),
  VITE_FIREBASE_PROJECT_ID: z._default(z.string(), 'demo-foolrate'),
  /** Set for the local stack: the Auth emulator's URL, e.g. http://127.0.0.1:9099 */
  VITE_AUTH_EMULATOR_URL: z.optional(z.string()),
  /** Base URL of the API; '' means same origin (/api, rewritten by Hosting or proxied by Vite). */
  VITE_API_BASE_URL: z._default(z.string(), ''),
  /** Where the SSE stream goes: the function's own URL in production (Hosting buffers streams). */
  VITE_SYNC_STREAM_BASE_URL: z.optional(z.string()),
});

const parsed = schema.safeParse(import.meta.env);
if (!parsed.success) {
  throw new Error(`Invalid environment:\n${parsed.error.issues.map((i) => `- ${i.path.join('.')}: ${i.message}`).join('\n')}`);
}

export const env = parsed.data;
export const streamBaseUrl = env.VITE_SYNC_STREAM_BASE_URL ?? env.VITE_API_BASE_URL;
