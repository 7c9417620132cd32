import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions as launchOptions } from './scripts/lib/chromium';

/** Specs that run after every other browser test (run one alone with --no-deps). */
const AFTER_ALL = ['e2e/migration.spec.ts', 'e2e/placeholders.spec.ts'];

/** The stack's ports, or those of the environment's (a stack of one's own started with WEB_PORT etc., reused by a config without webServer). */
const port = (name: string, fallback: number): number => Number(process.env[name] ?? fallback);
export const E2E_PORTS = {
  web: port('WEB_PORT', 5273),
  api: port('API_PORT', 5101),
  auth: port('AUTH_PORT', 9199),
  firestore: port('FIRESTORE_PORT', 8180),
  station: port('STATION_PORT', 8100),
  stationSftp: port('STATION_SFTP_PORT', 2122),
  mailSmtp: port('MAIL_SMTP_PORT', 1125),
  mailWeb: port('MAIL_WEB_PORT', 1180),
};

/** Sign-ups share one client address locally, so the browser tests lift that limit; the coupon limit stays low for the runtime suite (which counts its guesses under an address of its own). */
const E2E_RATE_LIMITS = JSON.stringify({ signup: { max: 1000, windowSeconds: 3600 }, coupon: { max: 5, windowSeconds: 3600 } });

export default defineConfig({
  // Browser tests, and the API suite that runs against the function as the Functions runtime serves it.
  testDir: 'tests',
  testMatch: ['e2e/**/*.spec.ts', 'api/runtime/**/*.spec.ts'],
  // One test at a time on the shared stack. Tried on 2 cores: two spec files at once left pulls
  // waiting 9 s and more on the Functions emulator (2 of 79 failed, the run only 1.5 min
  // shorter); axe's three tests two at a time failed their first page loads on the cold stack.
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORTS.web}`,
    // A failed test leaves its screenshot and the page's ARIA snapshot (error-context.md). Traces
    // are for a local rerun (PW_TRACE=1): recording DOM snapshots of every action cost about a
    // tenth of the browser tests' time on 2 cores, and the screencast another sixth.
    trace: process.env.PW_TRACE ? { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true } : 'off',
    screenshot: 'only-on-failure',
    launchOptions,
    permissions: ['clipboard-read', 'clipboard-write'],
  },
  // The migration and the placeholder utility change state every other spec relies on (balances
  // frozen mid-run, migration_enabled, track covers), so they run last on the same stack.
  projects: [
    { name: 'chromium', testIgnore: AFTER_ALL, use: { ...devices['Desktop Chrome'], launchOptions } },
    { name: 'after-all', testMatch: AFTER_ALL, dependencies: ['chromium'], use: { ...devices['Desktop Chrome'], launchOptions } },
  ],
  webServer: {
    command: 'npx tsx scripts/stack.ts',
    url: `http://127.0.0.1:${E2E_PORTS.web}`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    gracefulShutdown: { signal: 'SIGINT', timeout: 20_000 },
    env: {
      STACK_FRESH: '1',
      STACK_DIR: process.env.STACK_DIR ?? '.local/e2e-stack',
      WEB_PORT: String(E2E_PORTS.web),
      API_PORT: String(E2E_PORTS.api),
      AUTH_PORT: String(E2E_PORTS.auth),
      FIRESTORE_PORT: String(E2E_PORTS.firestore),
      STATION_PORT: String(E2E_PORTS.station),
      STATION_SFTP_PORT: String(E2E_PORTS.stationSftp),
      APP_URL: `http://127.0.0.1:${E2E_PORTS.web}`,
      MAIL_SMTP_PORT: String(E2E_PORTS.mailSmtp),
      MAIL_WEB_PORT: String(E2E_PORTS.mailWeb),
      RATE_LIMITS: E2E_RATE_LIMITS,
    },
  },
});
