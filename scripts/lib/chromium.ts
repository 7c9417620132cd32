import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/** Debian's Chromium when present (no browser downloads here); Playwright's own otherwise. */
export const SYSTEM_CHROMIUM = '/usr/bin/chromium';
const hasSystemChromium = existsSync(SYSTEM_CHROMIUM);

/** The browser this machine has: Debian's, Playwright's own (`npx playwright install chromium`), or none. */
export type InstalledBrowser = 'system' | 'playwright' | null;

/** Where Playwright's own Chromium is (or would be) installed; Playwright loads only when asked (the postinstall's no-op stays quick). */
const playwrightChromium = () => (createRequire(import.meta.url)('playwright-core') as typeof import('playwright-core')).chromium.executablePath();

/** Which browser is installed; `exists` and `playwrightPath` are for the tests. */
export function installedBrowser(exists: (path: string) => boolean = existsSync, playwrightPath: () => string = playwrightChromium): InstalledBrowser {
  if (exists(SYSTEM_CHROMIUM)) return 'system';
  let path = '';
  try {
    path = playwrightPath();
  } catch {
    // No build of Playwright's for this platform: none.
  }
  return path && exists(path) ? 'playwright' : null;
}

/**
 * Debian's Chromium is the full browser: every new window (each Playwright context, each
 * Lighthouse run) started a renderer of its own for the omnibox's WebUI popup, about 2 s of CPU
 * per window on this machine's 2 cores, half of what a whole page load cost the browser, and
 * during the load under test. Playwright's own headless build has no omnibox at all.
 */
const DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'];

/**
 * Debian's Chromium through a script that merges every --disable-features into one (Chromium
 * keeps only the last, which would drop Playwright's or chrome-launcher's own list).
 */
export const CHROMIUM_EXECUTABLE = fileURLToPath(new URL('./chromium-merged-features.sh', import.meta.url));

/**
 * The flags every browser this project starts runs with (tests, the prerender, Lighthouse).
 * `--in-process-gpu` keeps the (software) compositor in the browser process instead of a GPU
 * process of its own: on 2 cores that saved about 7 % of the browser tests' CPU and time.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--in-process-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  // Only through the merging script: on its own it would replace Playwright's list.
  ...(hasSystemChromium ? [`--disable-features=${DISABLED_FEATURES.join(',')}`] : []),
];

/** Playwright's launch options: Debian's Chromium if installed, with the project's flags. */
export const chromiumLaunchOptions = {
  ...(hasSystemChromium ? { executablePath: CHROMIUM_EXECUTABLE } : {}),
  args: CHROMIUM_FLAGS,
};
