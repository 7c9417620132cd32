import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appCsp } from './csp';
import { APP_SHELL, PRERENDERED_PAGES, prerender, prerenderedHtml } from './prerender';
import { SIGNED_IN_HINT_KEY } from '../../src/lib/signed-in-hint';
import { PRERENDER_GUARD, PRERENDERED_ATTR } from './prerender-guard';

const SHELL = '<html><head><title>Fool Rate</title></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>';

describe('prerenderedHtml', () => {
  it('puts the snapshot inert in #root, marked with its path, with the page title and the guard after it', () => {
    const html = prerenderedHtml(SHELL, { path: '/pricing', title: 'Get Tokens — Fool Rate', html: '<main><h1>Get Tokens</h1></main>' });
    expect(html).toContain(`<div id="root"><div inert ${PRERENDERED_ATTR}="/pricing"><main><h1>Get Tokens</h1></main></div></div><script>${PRERENDER_GUARD}</script>`);
    expect(html).toContain('<title>Get Tokens — Fool Rate</title>');
    // It paints without script: the app's modules come at low priority.
    expect(html).toContain('<script type="module" fetchpriority="low" src="/assets/index.js"></script>');
  });

  it('preloads its request and the modules its route loaded that the shell does not name, anonymously like the app', () => {
    const html = prerenderedHtml(SHELL, {
      path: '/marketplace',
      title: 't',
      html: '<main></main>',
      preloads: ['/api/marketplace/listings?x=1&y=2'],
      modules: ['/assets/index.js', '/assets/marketplace-1.js'],
    });
    expect(html).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/api/marketplace/listings?x=1&amp;y=2"><link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/marketplace-1.js"></head>',
    );
    expect(html.match(/index\.js/g)).toHaveLength(1);
  });

  it('escapes the title and keeps $ patterns literal', () => {
    const html = prerenderedHtml(SHELL, { path: '/', title: 'A <b> & "c" $&', html: '<p>$1 $&</p>' });
    expect(html).toContain('<title>A &lt;b> &amp; &quot;c&quot; $&amp;</title>');
    expect(html).toContain('<p>$1 $&</p>');
  });

  it('refuses a snapshot that would load media or run script, and a shell without an empty #root', () => {
    for (const bad of ['<audio src="/a.mp3"></audio>', '<VIDEO></VIDEO>', '<iframe src="x"></iframe>', '<script>x()</script>'])
      expect(() => prerenderedHtml(SHELL, { path: '/', title: 't', html: bad })).toThrow(/media or scripts/);
    expect(() => prerenderedHtml('<div id="root">x</div>', { path: '/', title: 't', html: '<p/>' })).toThrow(/no empty/);
  });
});

/** Runs the guard against a fake page: what stays in #root. */
function runGuard(opts: { path: string; location: string; search?: string; hint?: string | null; storageThrows?: boolean }): 'kept' | 'emptied' {
  let emptied = false;
  const root = {
    firstElementChild: { getAttribute: (name: string) => (name === PRERENDERED_ATTR ? opts.path : null) },
    replaceChildren: () => (emptied = true),
  };
  const document = { getElementById: (id: string) => (id === 'root' ? root : null) };
  const location = { pathname: opts.location, search: opts.search ?? '' };
  const localStorage = {
    getItem: (key: string) => {
      if (opts.storageThrows) throw new Error('SecurityError');
      return key === SIGNED_IN_HINT_KEY ? (opts.hint ?? null) : null;
    },
  };
  new Function('document', 'location', 'localStorage', PRERENDER_GUARD)(document, location, localStorage);
  return emptied ? 'emptied' : 'kept';
}

describe('the prerender guard', () => {
  it('keeps the snapshot for a signed-out visitor of its own path, with no query', () => {
    expect(runGuard({ path: '/pricing', location: '/pricing', hint: '0' })).toBe('kept');
    expect(runGuard({ path: '/', location: '/', hint: null })).toBe('kept');
  });

  it('empties #root for a signed-in device, another path, a query string, or storage it cannot read', () => {
    expect(runGuard({ path: '/pricing', location: '/pricing', hint: '1' })).toBe('emptied');
    expect(runGuard({ path: '/pricing', location: '/pricing/' })).toBe('emptied');
    expect(runGuard({ path: '/auth', location: '/auth', search: '?mode=signup' })).toBe('emptied');
    expect(runGuard({ path: '/', location: '/', storageThrows: true })).toBe('emptied');
  });

  it('is allowed by the CSP by its hash, as the page carries it', () => {
    const html = prerenderedHtml(SHELL, { path: '/', title: 't', html: '<main></main>' });
    const inline = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
    const source = `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;
    const scriptSrc = appCsp({}).split('; ').find((d) => d.startsWith('script-src '))!;
    expect(scriptSrc.split(' ')).toContain(source);
  });
});

describe('Hosting serves the snapshots', () => {
  type Rewrite = { source?: string; regex?: string; destination?: string };
  const rewrites = (JSON.parse(readFileSync('firebase.json', 'utf8')) as { hosting: { rewrites: Rewrite[] } }).hosting.rewrites;

  it('rewrites each prerendered path to its file, and every other app path to the shell', () => {
    for (const { path, file } of PRERENDERED_PAGES) {
      if (path === '/') expect(file).toBe('index.html');
      else expect(rewrites).toContainEqual({ source: path, destination: `/${file}` });
    }
    const fallback = rewrites.find((r) => r.regex !== undefined)!;
    expect(fallback.destination).toBe(`/${APP_SHELL}`);
    // Rewrites apply in order: the snapshots' come before the catch-all.
    expect(rewrites.indexOf(fallback)).toBe(rewrites.length - 1);
  });
});

describe('prerender without a browser', () => {
  it('says so once, writes the plain shell for each snapshot Hosting rewrites to, and lets the build finish', async () => {
    const outDir = await mkdtemp(join(tmpdir(), 'prerender-'));
    try {
      await writeFile(join(outDir, APP_SHELL), SHELL);
      await writeFile(join(outDir, 'index.html'), SHELL);
      const said: string[] = [];
      await prerender(outDir, {
        launch: () => Promise.reject(new Error("browserType.launch: Executable doesn't exist at /root/.cache/ms-playwright/chromium/chrome\n╔═══╗")),
        say: (line) => said.push(line),
      });
      expect(said).toEqual([expect.stringMatching(/^No browser could start \(browserType\.launch: Executable doesn't exist at [^\n]*\): the build does not prerender the public pages/)]);
      for (const { file } of PRERENDERED_PAGES) expect(await readFile(join(outDir, file), 'utf8')).toBe(SHELL);
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  });
});
