import { expect, test, type Page } from './fixtures';
import { newUser, setOnline, signIn, signUp } from './helpers';
import { E2E_PORTS } from '../../playwright.config';
import { SIGNED_IN_HINT_KEY } from '../../src/lib/signed-in-hint';

test('unknown paths show the 404 page and log the path', async ({ page }) => {
  // The page logs the path in an effect, which can run after its text is already on screen.
  const logged = page.waitForEvent('console', { predicate: (m) => m.type() === 'error' && m.text().includes('/some/missing/page') });
  await page.goto('/some/missing/page');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await expect(page).toHaveTitle('Page not found — Fool Rate');
  await logged;
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page).toHaveTitle('Fool Rate — Human or AI?');
});

test('each page names itself in the browser tab, after a reload and after a navigation in the app', async ({ page }) => {
  await page.goto('/pricing');
  await expect(page).toHaveTitle('Get Tokens — Fool Rate');
  await page.getByRole('link', { name: 'Marketplace' }).first().click();
  await expect(page).toHaveURL(/\/marketplace$/);
  await expect(page).toHaveTitle('Marketplace — Fool Rate');
  await page.goto('/privacy');
  await expect(page).toHaveTitle('Privacy Policy — Fool Rate');
});

test('signed-out visitors are sent to /auth from guarded routes, and come back there once signed in', async ({ page }) => {
  for (const path of ['/vote', '/submit', '/orders', '/cms']) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/auth\\?next=${encodeURIComponent(path)}$`));
  }
  // The order mail's link, opened signed out: sign in, and the orders are there.
  await page.goto('/orders');
  await page.getByLabel('Email').fill('listener@demo.test');
  await page.getByLabel('Password').fill('demo1234');
  await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole('tab', { name: 'My Purchases' })).toBeVisible();
  // Only the app's own screens: anything else is dropped.
  await page.goto('/auth?next=https%3A%2F%2Fevil.example');
  await expect(page).toHaveURL(/\/$/);
});

test('home shows the offer, hero, how it works, migration countdown, leaderboards and footer', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('Sign up now and get FREE UNLIMITED VOTING for your first week')).toBeVisible();
  await page.getByRole('link', { name: 'Claim Offer' }).click();
  await expect(page).toHaveURL(/\/auth\?mode=signup$/);
  await page.goto('/');
  for (const text of ['How It Works', 'Vote Blind', 'Fool Rate Wins', 'Token Economy Leaderboards', 'Deception Leaderboard'])
    await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId('users-needed')).toHaveText(/\d/);
  // The demo seed's votes fill the Deception Leaderboard and the token boards.
  const deception = page.locator('section', { has: page.getByRole('heading', { name: 'Deception Leaderboard' }) });
  await expect(deception.getByText('#1', { exact: true })).toBeVisible();
  await expect(deception.getByText(/[\d,]+ votes? · \d+ wrong · \d+ right/).first()).toBeVisible();
  // Top Guessers' first row (ranked by rating: which listener leads is the seed's votes' business).
  await expect(page.getByRole('tabpanel', { name: 'Top Guessers' }).getByText(/^@\w+$/).first()).toBeVisible();
  // Top Guessers: each listener's rating give or take one deviation, and the share of right guesses.
  await expect(page.getByRole('tabpanel').getByRole('listitem').first()).toContainText(/\d+ ± \d+ rating\d+% right/);
  await page.getByRole('tab', { name: 'Fooling Tracks' }).click();
  await expect(page.getByText(/fooled/).first()).toBeVisible();
  await page.getByRole('tab', { name: 'Weekly Earners' }).click();
  await expect(page.getByText('@artist')).toBeVisible();
  // The tabs work by keyboard (WAI-ARIA tabs: arrows wrap, Home and End).
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Top Guessers' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Top Guessers' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: 'Weekly Earners' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'Fooling Tracks' })).toBeFocused();
  await expect(page.getByRole('tabpanel')).toContainText(/fooled/);
  await page.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByText('Effective date: October 11, 2025')).toBeVisible();
  await page.getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page.getByText(/Wyoming/).first()).toBeVisible();
});

/** Records every Intl call a page makes (its first one loads ICU data: a long task on a slow phone); returns a reader of the calls. */
async function watchIntl(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const used: string[] = [];
    (window as unknown as { intlUsed: string[] }).intlUsed = used;
    const watch = (owner: object, name: string, label: string) => {
      const original = (owner as Record<string, (...args: unknown[]) => unknown>)[name]!;
      Object.defineProperty(owner, name, {
        value: function (this: unknown, ...args: unknown[]) {
          used.push(label);
          return original.apply(this, args);
        },
      });
    };
    watch(Number.prototype, 'toLocaleString', 'Number.toLocaleString');
    watch(String.prototype, 'localeCompare', 'String.localeCompare');
    for (const name of ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString']) watch(Date.prototype, name, `Date.${name}`);
    for (const name of ['NumberFormat', 'DateTimeFormat', 'Collator', 'PluralRules', 'RelativeTimeFormat', 'ListFormat']) {
      const Ctor = (Intl as unknown as Record<string, object>)[name]!;
      (Intl as unknown as Record<string, unknown>)[name] = new Proxy(Ctor, {
        construct: (target, args) => (used.push(`Intl.${name}`), Reflect.construct(target as new (...a: unknown[]) => object, args)),
        apply: (target, self, args) => (used.push(`Intl.${name}`), Reflect.apply(target as (...a: unknown[]) => unknown, self, args)),
      });
    }
  });
  return () => page.evaluate(() => (window as unknown as { intlUsed: string[] }).intlUsed);
}

test('the signed-out pages start without Intl (its first use loads ICU data, a long task on a slow phone), the marketplace once its first pages are stored', async ({ page }) => {
  const intlUsed = await watchIntl(page);
  await page.goto('/');
  await expect(page.getByTestId('users-needed')).toHaveText(/^\d{1,3}(,\d{3})*$/);
  // Top Guessers' first row (ranked by rating: which listener leads is the seed's votes' business).
  await expect(page.getByRole('tabpanel', { name: 'Top Guessers' }).getByText(/^@\w+$/).first()).toBeVisible();
  expect(await intlUsed()).toEqual([]);
  for (const [path, heading] of [
    ['/pricing', 'Get Tokens'],
    ['/auth', 'Welcome back'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    expect(await intlUsed()).toEqual([]);
  }
  // The marketplace once its first pages are stored on the device (seen-listings).
  await page.goto('/marketplace');
  await expect(page.locator('[data-saved-offline]')).toHaveCount(1);
  expect(await intlUsed()).toEqual([]);
});

test('the vote page starts without Intl too, RxDB and all', async ({ page }) => {
  const intlUsed = await watchIntl(page);
  await signUp(page, newUser('nointl'));
  await page.goto('/vote');
  await expect(page.getByTestId('mystery-cover')).toBeVisible();
  expect(await intlUsed()).toEqual([]);
});

test('the radio bar is on every page, muted, volume 70', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Play radio' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unmute radio' })).toBeVisible();
  await expect(page.getByLabel('Volume')).toHaveValue('70');
  await page.goto('/privacy');
  await expect(page.getByRole('button', { name: 'Play radio' })).toBeVisible();
});

test('after one visit the app opens with the network off', async ({ page, context }) => {
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Start Voting Now' })).toBeVisible();
  await page.goto('/privacy');
  await expect(page.getByText('Effective date: October 11, 2025')).toBeVisible();
  await context.setOffline(false);
});

test('offline right after a first visit (nothing cached yet), the home sections say so, and fill in once back online', async ({ page, context }) => {
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // Fully offline (the API and the live stream refused too): the browser gives up on the stream.
  await setOnline(context, false);
  await page.reload();
  const deception = page.locator('section', { has: page.getByRole('heading', { name: 'Deception Leaderboard' }) });
  const migration = page.locator('section', { has: page.getByRole('heading', { name: 'Token Migration' }) });
  for (const section of [deception, migration]) await expect(section.getByText('You are offline. This fills in when you are back online.')).toBeVisible();
  await setOnline(context, true);
  // Back online, the reads and the live stream start again by themselves and bring the boards (and the migration state).
  await expect(deception.getByText('#1', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(migration.getByText(/more users|Migration Complete!/)).toBeVisible();
});

test('on a phone the Deception Leaderboard gives each title most of its row, the rate and counts a line below', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const deception = page.locator('section', { has: page.getByRole('heading', { name: 'Deception Leaderboard' }) });
  await expect(deception.getByText('#1', { exact: true })).toBeVisible();
  const rows = await deception.locator('li').evaluateAll((items) =>
    items.map((li) => {
      const [title, rate] = [li.querySelector('p.break-words'), li.querySelector('p.text-amber-200')].map((el) => el!.getBoundingClientRect());
      return { titleShare: Math.round((title!.width / li.getBoundingClientRect().width) * 100) / 100, rateBelow: rate!.top >= title!.bottom };
    }),
  );
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) expect(row).toEqual({ titleShare: expect.any(Number), rateBelow: true });
  expect(Math.min(...rows.map((r) => r.titleShare))).toBeGreaterThan(0.5);

  // At 320 px, names on both boards wrap instead of being cut off with an ellipsis.
  await page.setViewportSize({ width: 320, height: 700 });
  const tokens = page.locator('section', { has: page.getByRole('heading', { name: 'Token Economy Leaderboards' }) });
  const names = [deception.locator('li p.break-words'), tokens.locator('li span.break-words')];
  for (const list of names) await expect(list.first()).toBeVisible();
  const clipped = async () => (await Promise.all(names.map((l) => l.evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth || getComputedStyle(el).textOverflow === 'ellipsis').length)))).reduce((a, b) => a + b);
  expect(await clipped()).toBe(0);
});

test('on a phone the menu slides in with the same items', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  for (const name of ['Vote', 'Submit', 'Marketplace', 'Get Tokens', 'Sign In']) await expect(menu.getByRole('link', { name })).toBeVisible();
  await menu.getByRole('link', { name: 'Get Tokens' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(menu).toBeHidden();
});

test('the signed-in bar fits on one line at every width: the desktop bar from 1280 px, the menu below', async ({ page }) => {
  // The super admin's bar is the widest: the SUPER ADMIN badge and the CMS link.
  await signIn(page, 'superadmin@demo.test', 'demo1234');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  for (const width of [768, 1024, 1279, 1280, 1440, 1600]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(nav.getByRole('button', { name: width < 1280 ? 'Open menu' : 'Sign Out' })).toBeVisible();
    // The spec's avatar and full name stay in the desktop bar.
    if (width >= 1280) await expect(nav.getByText('Sam Super', { exact: true })).toBeVisible();
    const layout = await nav.evaluate((el) => ({
      overflow: el.scrollWidth - el.clientWidth,
      // Every shown item on one line: a wrapped label doubles its height.
      wrapped: Array.from(el.querySelectorAll<HTMLElement>('a, button, [data-testid="balance-pill"]'))
        .filter((item) => item.offsetParent !== null && item.getBoundingClientRect().height > 44)
        .map((item) => item.textContent?.trim()),
    }));
    expect(layout, `${width} px`).toEqual({ overflow: 0, wrapped: [] });
  }
});

test('at 320 px, the narrowest phone, no signed-in page scrolls sideways and the menu button is on screen', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await signUp(page, newUser('narrow'));
  const pages: Array<[string, string]> = [
    ['/welcome', 'Your affiliate link'],
    ['/', 'Can you tell who made the music?'],
    ['/vote', 'Voting Arena'],
    ['/submit', 'Submit Your Track'],
    ['/marketplace', 'Marketplace'],
    ['/pricing', 'Get Tokens'],
    ['/orders', 'My Orders'],
    ['/my-tracks', 'My Tracks'],
  ];
  for (const [path, heading] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(/^Loading/)).toHaveCount(0, { timeout: 20_000 });
    if (path === '/vote') await expect(page.getByTestId('track-position')).toBeVisible({ timeout: 20_000 });
    // The pill shows the number alone here; a reader still hears the unit.
    await expect(page.getByTestId('balance-pill').filter({ visible: true })).toHaveText('50 tokens');
    await expect(page.getByRole('button', { name: 'Open menu' }), path).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${path}: px wider than the screen`).toBe(0);
  }
  // From 375 px (most phones) the pill shows its unit too, as the spec's bar does.
  await page.setViewportSize({ width: 375, height: 700 });
  const unit = page.getByTestId('balance-pill').filter({ visible: true }).getByText('tokens', { exact: true });
  await expect(unit).toBeVisible();
  expect(await unit.evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThan(1);
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
});

test('the welcome page sends visitors without an account to /auth', async ({ page }) => {
  await page.goto('/welcome?code=abc&state=xyz');
  await expect(page).not.toHaveURL(/code=/);
  await expect(page).toHaveURL(/\/auth\?next=%2Fwelcome$/);
});

test('Hosting answers crawlers: robots.txt and the sitemap name the site, a missing file is a 404, a malformed URL a 400, app paths are the app', async ({ request }) => {
  const site = `http://127.0.0.1:${E2E_PORTS.web}`;
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toContain('text/plain');
  const robotsText = await robots.text();
  expect(robotsText).toMatch(/^User-agent: \*\nAllow: \/\nDisallow: \/api\//);
  expect(robotsText).toContain(`Sitemap: ${site}/sitemap.xml`);

  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()['content-type']).toContain('xml');
  expect(await sitemap.text()).toContain(`<loc>${site}/marketplace</loc>`);

  for (const missing of ['/no-such-file.js', '/assets/missing.css', '/icons/none.png']) {
    const res = await request.get(missing);
    expect(res.status(), missing).toBe(404);
  }
  // A malformed percent-escape is the client's mistake (deployed, Google's front end answers 400).
  for (const malformed of ['/%', '/marketplace%E0%A4%A', '/api/public/leaderboards/%zz']) {
    const res = await request.get(malformed);
    expect(res.status(), malformed).toBe(400);
  }
  const app = await request.get('/marketplace');
  expect(app.status()).toBe(200);
  expect(await app.text()).toContain('<div id="root">');
});

test('public pages arrive prerendered for signed-out visitors, the app takes them over, and everyone else gets the shell', async ({ page, request, browser }) => {
  // The HTML itself carries the page: a slow phone paints it before the script has arrived.
  const pages = [
    ['/', 'Can you tell who made the music?'],
    ['/marketplace', 'License tracks that fooled the crowd'],
    ['/pricing', 'Get Tokens'],
    ['/auth', 'Welcome back'],
  ] as const;
  for (const [path, text] of pages) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain(`data-prerendered="${path}"`);
    expect(html, path).toContain(text);
  }
  // The marketplace's first request (Featured Tracks' first page) starts with the HTML (its first
  // cover waits for it); the local database does not load (src/lib/first-paint.ts).
  const marketplaceHtml = await (await request.get('/marketplace')).text();
  expect(marketplaceHtml).toContain('<link rel="preload" as="fetch" crossorigin href="/api/marketplace/search?section=featured">');
  expect(marketplaceHtml).toMatch(/<link rel="modulepreload"[^>]*\/assets\/marketplace-/);
  expect(marketplaceHtml).not.toMatch(/<link rel="modulepreload"[^>]*data-layer/);
  for (const path of ['/vote', '/cms', '/privacy']) expect(await (await request.get(path)).text(), path).not.toContain('data-prerendered');

  // The app's first render replaces the snapshot with the live page.
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { name: 'Get Tokens' })).toBeVisible();
  await expect(page.locator('[data-prerendered]')).toHaveCount(0);

  // Before any script of the app runs: signed out, the snapshot shows; on a device signed in, or
  // with a query string it did not render, the page stays empty for the app.
  const cases = [
    { hint: '0', url: '/pricing', shown: 1 },
    { hint: '1', url: '/pricing', shown: 0 },
    { hint: '0', url: '/pricing?coupon=x', shown: 0 },
  ];
  for (const { hint, url, shown } of cases) {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    try {
      await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [SIGNED_IN_HINT_KEY, hint] as const);
      await context.route(/\/assets\/.+\.js$/, (route) => route.abort());
      const before = await context.newPage();
      await before.goto(url);
      await expect(before.locator('#root h1'), `${url}, signed in: ${hint}`).toHaveCount(shown);
      if (shown) await expect(before.locator('#root h1')).toHaveText('Get Tokens');
    } finally {
      await context.close();
    }
  }
});
