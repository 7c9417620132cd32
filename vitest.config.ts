import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@common': fileURLToPath(new URL('./common', import.meta.url)),
    },
  },
  test: {
    // Three files at a time: API tests spend much of their time waiting on the emulator, ffmpeg
    // and timers, and vitest's default on a 2-core machine (cores - 1) runs them one by one. On
    // 2 cores the whole run took 260 s with two, 208 s with three, 210 s with four.
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 30_000,
    env: { API_LOG: 'silent' },
    projects: [
      // The app's unit tests stub browser globals and mock modules: each file in a fresh module graph.
      { extends: true, test: { name: 'app', include: ['src/**/*.test.ts'] } },
      // Component tests (Testing Library) render beside their component in jsdom, with jest-dom's matchers.
      { extends: true, test: { name: 'components', include: ['src/**/*.test.tsx'], environment: 'jsdom', setupFiles: ['src/test/setup.ts'] } },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['functions/src/**/*.test.ts', 'common/**/*.test.ts', 'tests/api/**/*.test.ts', 'scripts/**/*.test.ts'],
          globalSetup: ['tests/api/global-setup.ts'],
          // These files load firebase-admin, gRPC and the API once per worker instead of once per
          // file (a quarter of the suite's time): none mocks a module or stubs a global, and each
          // API file runs in a Firestore project and an API instance of its own (tests/api/harness.ts).
          isolate: false,
        },
      },
    ],
  },
});
