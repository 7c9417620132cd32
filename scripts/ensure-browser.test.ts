import { describe, expect, it } from 'vitest';
import { ensureBrowser, type EnsureBrowserDeps } from './ensure-browser';
import { installedBrowser, SYSTEM_CHROMIUM } from './lib/chromium';

const PLAYWRIGHT_CHROME = '/home/me/.cache/ms-playwright/chromium-1/chrome-linux64/chrome';

describe('installedBrowser', () => {
  it("prefers Debian's Chromium, else Playwright's own when its executable is there, else none", () => {
    const on = (...paths: string[]) => (path: string) => paths.includes(path);
    expect(installedBrowser(on(SYSTEM_CHROMIUM, PLAYWRIGHT_CHROME), () => PLAYWRIGHT_CHROME)).toBe('system');
    expect(installedBrowser(on(PLAYWRIGHT_CHROME), () => PLAYWRIGHT_CHROME)).toBe('playwright');
    expect(installedBrowser(on(), () => PLAYWRIGHT_CHROME)).toBeNull();
    // Playwright has no build for this platform.
    expect(installedBrowser(on(), () => {
      throw new Error('unsupported platform');
    })).toBeNull();
  });
});

/** A machine whose browser is `present` (and, once installed, `afterInstall`); records what was done. */
function machine(present: 'system' | 'playwright' | null, install: 'works' | 'fails' | 'throws' = 'works') {
  let browser = present;
  const log = { installs: 0, said: [] as string[] };
  const deps: EnsureBrowserDeps = {
    installed: () => browser,
    install: async () => {
      log.installs += 1;
      if (install === 'throws') throw new Error('spawn ENOENT');
      if (install === 'fails') return false;
      browser = 'playwright';
      return true;
    },
    say: (line) => log.said.push(line),
  };
  return { deps, log };
}

describe('ensureBrowser (the postinstall)', () => {
  it('does nothing, silently, where a browser is installed', async () => {
    for (const present of ['system', 'playwright'] as const) {
      const { deps, log } = machine(present);
      expect(await ensureBrowser(deps)).toBe(present);
      expect(log).toEqual({ installs: 0, said: [] });
    }
  });

  it("fetches Playwright's Chromium where there is none", async () => {
    const { deps, log } = machine(null);
    expect(await ensureBrowser(deps)).toBe('fetched');
    expect(log.installs).toBe(1);
    expect(log.said).toEqual([expect.stringMatching(/^No Chromium on this machine: fetching/)]);
  });

  it('offline, says in one line that it could not and what still works, and does not fail the install', async () => {
    for (const install of ['fails', 'throws'] as const) {
      const { deps, log } = machine(null, install);
      expect(await ensureBrowser(deps)).toBe('none');
      expect(log.installs).toBe(1);
      expect(log.said).toHaveLength(2);
      expect(log.said[1]).toMatch(/^Could not fetch Chromium \(offline\?\): npm start still works/);
      expect(log.said[1]).not.toContain('\n');
    }
  });
});
