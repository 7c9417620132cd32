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
    include: ['src/**/*.test.{ts,tsx}', 'functions/src/**/*.test.ts', 'common/**/*.test.ts', 'tests/api/**/*.test.ts', 'scripts/**/*.test.ts'],
    globalSetup: ['tests/api/global-setup.ts'],
    // Two files at a time: API tests spend most of their time waiting on the emulator and on
    // timers, and vitest's default on a 2-core machine (cores - 1) runs them one by one.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 30_000,
    env: { API_LOG: 'silent' },
  },
});
