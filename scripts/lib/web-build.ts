/**
 * What a build of the web app must be given. src/config/env.ts falls back to the emulators'
 * demo project, which only a build for the emulators may use (mode `demo`: the local stack, the
 * size budget); a deployable build (any other mode, e.g. Hosting's predeploy `npm run build`)
 * without the Firebase project's web settings would ship an app whose sign-in fails.
 */
export const DEMO_MODE = 'demo';

const FIREBASE_SETTINGS = ['VITE_FIREBASE_API_KEY', 'VITE_FIREBASE_AUTH_DOMAIN', 'VITE_FIREBASE_PROJECT_ID'] as const;

/** Why a build in `mode` with `env` must not go on; empty when it may. */
export function webBuildProblems(mode: string, env: Record<string, string | undefined>): string[] {
  if (mode === DEMO_MODE) return [];
  return [
    ...FIREBASE_SETTINGS.filter((key) => !env[key]?.trim()).map((key) => `${key} is not set`),
    ...(env.VITE_FIREBASE_PROJECT_ID?.trim().startsWith('demo-') ? ['VITE_FIREBASE_PROJECT_ID names a demo project, which only the emulators know'] : []),
  ];
}
