/**
 * The public pages, prerendered at build time: what a signed-out visitor's browser first paints
 * on /, /marketplace, /pricing and /auth (headings, text, the skeletons of what loads later),
 * captured from the production build in Chromium and written into the page's HTML. Under a slow
 * connection that paint no longer waits for the JavaScript (issue 13: first paint ~2 s → the HTML).
 *
 * The snapshot is not hydrated: it sits inert (no clicks, not in the accessibility tree) until
 * the app's first render replaces it with the same thing, live. Hosting serves each snapshot for
 * its exact path (firebase.json); every other path, and the service worker's navigations, get the
 * plain shell (app.html). The guard (prerender-guard.ts) drops a snapshot for signed-in visitors.
 */
import { createReadStream } from 'node:fs';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.ts';
import { PRERENDER_GUARD, PRERENDERED_ATTR } from './prerender-guard.ts';

/** The app's shell (the built index.html as Vite wrote it): every path that has no snapshot. */
export const APP_SHELL = 'app.html';

type PrerenderedPage = {
  path: string;
  file: string;
  /** The request (made by the page as it opens) that its largest paint waits for: the HTML preloads it. */
  preload?: RegExp;
};

/** Each prerendered path and the file it is written to; firebase.json rewrites the paths to them. */
export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  { path: '/', file: 'index.html' },
  // The Featured Tracks' first page (use-listings.ts, no filters): the first cover waits for it.
  { path: '/marketplace', file: 'prerendered/marketplace.html', preload: /\/api\/marketplace\/search\?section=featured$/ },
  { path: '/pricing', file: 'prerendered/pricing.html' },
  { path: '/auth', file: 'prerendered/auth.html' },
  // The figures' request: the page's charts wait for it.
  { path: '/insights', file: 'prerendered/insights.html', preload: /\/api\/public\/insights$/ },
];

const ROOT = '<div id="root"></div>';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain',
};

/** Serves the build as Hosting would without snapshots: files as they are, app paths the shell. */
function serveBuild(outDir: string): Promise<Server> {
  const server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://build').pathname);
    const file = extname(pathname) ? normalize(join(outDir, pathname)) : join(outDir, APP_SHELL);
    if (!file.startsWith(outDir + sep)) return void res.writeHead(404).end();
    stat(file).then(
      (info) => {
        if (!info.isFile()) return void res.writeHead(404).end();
        res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
        createReadStream(file).pipe(res);
      },
      () => void res.writeHead(404).end(),
    );
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Resolves once #root has not changed for `quietMs` (the first render and its lazy parts are done). */
async function settled(page: Page, quietMs = 400, maxMs = 10_000): Promise<void> {
  await page.evaluate(
    ([quiet, max]) =>
      new Promise<void>((resolve) => {
        let timer = setTimeout(done, quiet);
        const cap = setTimeout(done, max);
        const observer = new MutationObserver(() => {
          clearTimeout(timer);
          timer = setTimeout(done, quiet);
        });
        observer.observe(document.getElementById('root')!, { subtree: true, childList: true, attributes: true, characterData: true });
        function done() {
          observer.disconnect();
          clearTimeout(timer);
          clearTimeout(cap);
          resolve();
        }
      }),
    [quietMs, maxMs] as const,
  );
}

/** What a snapshot must not carry: anything that would load or play before the app runs. */
const FORBIDDEN = /<(audio|video|iframe|script)\b/i;

type Snapshot = {
  path: string;
  title: string;
  /** #root's HTML as the page first rendered it. */
  html: string;
  /** URLs to preload (fetch). */
  preloads?: string[];
  /** The page's own script modules (/assets/…js) the shell does not already name. */
  modules?: string[];
};

/**
 * The shell with the snapshot as its inert #root, the page's title, the guard right after it,
 * preloads for its request and its route's modules. The page paints without script, so its
 * scripts are fetched at low priority: they must not hold up that paint (the stylesheet does).
 */
export function prerenderedHtml(shell: string, { path, title, html, preloads = [], modules = [] }: Snapshot): string {
  if (!shell.includes(ROOT)) throw new Error(`${APP_SHELL} has no empty ${ROOT}`);
  if (FORBIDDEN.test(html)) throw new Error(`The snapshot of ${path} has media or scripts: ${FORBIDDEN.exec(html)![0]}`);
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  // Anonymous, like the app's fetch and Vite's module tags (otherwise the browser fetches twice).
  const links = [
    ...preloads.map((href) => `<link rel="preload" as="fetch" crossorigin href="${escape(href)}">`),
    ...modules.filter((href) => !shell.includes(`"${href}"`)).map((href) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${escape(href)}">`),
  ].join('');
  return shell
    .replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"')
    .replace('</head>', () => `${links}</head>`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escape(title)}</title>`)
    .replace(ROOT, () => `<div id="root"><div inert ${PRERENDERED_ATTR}="${escape(path)}">${html}</div></div><script>${PRERENDER_GUARD}</script>`);
}

async function writePages(outDir: string, pages: readonly { file: string; html: string }[]): Promise<void> {
  for (const { file, html } of pages) {
    await mkdir(dirname(join(outDir, file)), { recursive: true });
    await writeFile(join(outDir, file), html);
  }
}

/**
 * Captures every page of PRERENDERED_PAGES from the built app in `outDir` (its app.html already
 * written) and writes the snapshots. The API and other origins never answer while it runs, so
 * each page is caught as a visitor first sees it: before any data.
 *
 * Without a browser that starts (a machine with neither Debian's Chromium nor Playwright's, e.g.
 * an install that could not fetch it offline) it says so once and writes the plain shell in place
 * of each snapshot: the build works, its public pages paint once their script has run. `launch` and
 * `say` are for the tests.
 */
export async function prerender(
  outDir: string,
  { launch = () => chromium.launch(chromiumLaunchOptions), say = (line: string) => console.warn(line) }: { launch?: () => Promise<Browser>; say?: (line: string) => void } = {},
): Promise<void> {
  const shell = await readFile(join(outDir, APP_SHELL), 'utf8');
  let browser: Browser;
  try {
    browser = await launch();
  } catch (err) {
    const reason = (err instanceof Error ? err.message : String(err)).split('\n')[0];
    say(`No browser could start (${reason}): the build does not prerender the public pages. apt-get install chromium, or npx playwright install chromium, to have them.`);
    await writePages(outDir, PRERENDERED_PAGES.filter(({ file }) => file !== 'index.html').map(({ file }) => ({ file, html: shell })));
    return;
  }
  const server = await serveBuild(outDir);
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 412, height: 823 } });
    // Left unanswered: the page stays in its loading state, as on a visitor's first paint.
    await context.route((url) => url.origin !== origin || url.pathname.startsWith('/api/'), () => undefined);
    const snapshots: { file: string; html: string }[] = [];
    for (const { path, file, preload } of PRERENDERED_PAGES) {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(err.message));
      const preloads = new Set<string>();
      const modules = new Set<string>();
      page.on('request', (req) => {
        const url = new URL(req.url());
        if (url.origin === origin && /^\/assets\/.+\.js$/.test(url.pathname)) modules.add(url.pathname);
        if (preload?.test(req.url())) preloads.add(url.origin === origin ? url.pathname + url.search : url.href);
      });
      await page.goto(origin + path);
      await page.locator('#root main h1').first().waitFor();
      await settled(page);
      if (errors.length) throw new Error(`Prerendering ${path} failed: ${errors.join('; ')}`);
      if (preload && preloads.size !== 1) throw new Error(`${path} made ${preloads.size} requests like ${preload} (one expected): ${[...preloads].join(', ')}`);
      const html = await page.locator('#root').innerHTML();
      snapshots.push({ file, html: prerenderedHtml(shell, { path, title: await page.title(), html, preloads: [...preloads], modules: [...modules] }) });
      await page.close();
    }
    await writePages(outDir, snapshots);
  } finally {
    await browser.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}
