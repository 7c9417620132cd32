/**
 * `npm install`'s postinstall: a browser for the production build's prerender and the browser
 * tests. Nothing to do where Debian's Chromium (/usr/bin/chromium) or Playwright's own is
 * installed; otherwise Playwright's Chromium is fetched (`playwright install chromium`). Offline,
 * that fails: one line says so and the install goes on (the build then skips the prerender).
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { installedBrowser, type InstalledBrowser } from './lib/chromium';

export type EnsureBrowserDeps = {
  /** Which browser is installed now. */
  installed: () => InstalledBrowser;
  /** Fetches Playwright's Chromium; resolves whether it succeeded. */
  install: () => Promise<boolean>;
  say: (line: string) => void;
};

/** What the machine has once it is done: a browser found, one fetched, or none (and why it said so). */
export async function ensureBrowser(deps: EnsureBrowserDeps): Promise<'system' | 'playwright' | 'fetched' | 'none'> {
  const found = deps.installed();
  if (found) return found;
  deps.say('No Chromium on this machine: fetching Playwright\'s (npx playwright install chromium)…');
  if ((await deps.install().catch(() => false)) && deps.installed()) return 'fetched';
  deps.say(
    'Could not fetch Chromium (offline?): npm start still works, its build skips prerendering the public pages; the browser tests need `npx playwright install chromium` or `apt-get install chromium`.',
  );
  return 'none';
}

/** `playwright install chromium` with the project's own Playwright; its progress shows as it goes. */
export function playwrightInstall(): Promise<boolean> {
  return new Promise((done) => {
    const child = spawn(resolve('node_modules/.bin/playwright'), ['install', 'chromium'], { stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', () => done(false));
    child.once('exit', (code) => done(code === 0));
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await ensureBrowser({ installed: () => installedBrowser(), install: playwrightInstall, say: (line) => console.log(`[postinstall] ${line}`) }).catch((err: unknown) =>
    console.log(`[postinstall] Could not check for a browser: ${String(err)}`),
  );
}
