import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Result } from 'axe-core';
import { runFfmpeg } from '../../scripts/lib/media';
import { expect, test, type Page } from './fixtures';
import { bearer, chooseTrack, e2eFirestore, guess, idToken, newUser, nextTrack, openPurchase, searchUsers, signIn, signUp, trackPosition, uidOf, VERDICT, type NewUser } from './helpers';

/**
 * axe on every route and every CMS tab, signed out, as a listener and as a super admin, at a
 * desktop and a phone width, each in the dark and the light scheme: zero violations of any
 * impact. One page load per route and width; the scheme switches on the loaded page (the
 * palette is CSS, docs/adr/0044-accessibility-by-test-and-one-palette.md). States a route reaches only by acting
 * (a checkout paid, a file chosen, a reveal, a dialog) are audited where they are reached, at
 * both widths by resizing the page.
 */

let dir = '';
let mp3 = '';

test.beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'a11y-e2e-'));
  mp3 = join(dir, 'Axe Tone.mp3');
  await runFfmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=50', '-ac', '1', '-b:a', '48k', mp3]);
});

test.afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 390, height: 844 },
] as const;
const SCHEMES = ['dark', 'light'] as const;

/** A violation as one readable line per failing element. */
const describe = (v: Result) =>
  `[${v.impact}] ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`).join('\n')}`;

/**
 * Waits for the page's data: the app's own render in place of a prerendered snapshot (which is
 * inert, so out of axe's accessibility tree, though its heading shows), its heading (and `ready`,
 * a test id, if given) shown and no loading text or spinner left in it.
 */
async function settled(page: Page, heading: RegExp | string, ready?: string): Promise<void> {
  await expect(page.locator('[data-prerendered]')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 20_000 });
  if (ready) await expect(page.getByTestId(ready)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/^Loading/)).toHaveCount(0, { timeout: 20_000 });
  await expect(page.locator('main .animate-spin')).toHaveCount(0, { timeout: 20_000 });
}

/** axe-core as @axe-core/playwright injects it: resolved from that package, so the same version. */
const fromAxePlaywright = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
const AXE_SOURCE = readFileSync(fromAxePlaywright.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * An axe run of what the page shows now. A page without frames is checked in place (legacy
 * mode), with axe put in the page once per document: AxeBuilder evaluates its 500 KB source
 * twice per run otherwise, which was most of each audit's time. A page with frames (the email
 * preview) needs axe's cross-frame run, which injects it into every frame itself. Only
 * violations are detailed (the passes are not read).
 */
async function axeBuilder(page: Page): Promise<AxeBuilder> {
  if (page.frames().length > 1) return new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  const loaded = await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  return new AxeBuilder({ page, axeSource: 'void 0' }).setLegacyMode(true).options({ resultTypes: ['violations'] });
}

/** axe in both schemes on what the page shows now; failures are soft so one run lists them all. */
/**
 * Holds the toasts while axe reads the page, or lets them go: sonner stops its timers while its
 * list is hovered (a pointer move expands it, a pointer leaving collapses it). A toast that
 * timed out during a run was read mid-fade (CI: a success toast at 2.27:1 in its exit).
 */
const holdToasts = (page: Page, hold: boolean) =>
  page.evaluate((hold) => {
    document
      .querySelectorAll('[data-sonner-toaster]')
      .forEach((list) => list.dispatchEvent(new MouseEvent(hold ? 'mousemove' : 'mouseout', { bubbles: true, relatedTarget: hold ? null : document.body })));
  }, hold);

async function audit(page: Page, label: string): Promise<void> {
  await holdToasts(page, true);
  // Nothing wider than the screen: no sideways scrolling, no text cut off at the right edge.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect.soft(overflow, `${label}: px wider than the screen`).toBeLessThanOrEqual(0);
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    // The palette's colour transitions run after a scheme switch: axe reads the colours they end at.
    // Only animations in time: a scroll-driven one (a scroller's edge fade) never finishes.
    // Two frames first: a toast that just appeared starts its fade-in a frame after it mounts
    // (CI once read a success toast's text at 4.03:1, mid-fade, before the transition existed).
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.timeline === document.timeline && a.effect?.getComputedTiming().endTime !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
    );
    const { violations } = await (await axeBuilder(page)).analyze();
    expect.soft(violations.map(describe), `axe: ${label} (${colorScheme})`).toEqual([]);
  }
  await holdToasts(page, false);
}

/** Audits what the page shows now at each width (resizing the loaded page), ending at the last. */
async function auditWidths(page: Page, label: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width: width.width, height: width.height });
    await audit(page, `${label} ${width.name}`);
  }
}

/**
 * The unsubscribe page a campaign mail's footer links to, with a token the server accepts: the
 * user's mail_prefs as the mail sender first writes them (functions/src/mail/prefs.ts), without
 * sending a campaign to everyone.
 */
async function unsubscribePath(user: NewUser): Promise<string> {
  const uid = await uidOf(user);
  const token = randomBytes(24).toString('base64url');
  await (await e2eFirestore()).collection('mail_prefs').doc(uid).create({ campaigns: true, token, updated_at: new Date().toISOString() });
  return `/unsubscribe?u=${encodeURIComponent(uid)}&t=${encodeURIComponent(token)}`;
}

/** Audits a toast while it shows: the pointer on it holds it (sonner), then it is closed. */
async function auditToast(page: Page, text: string, label: string): Promise<void> {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: text });
  await expect(toast).toBeVisible();
  await toast.hover();
  await audit(page, label);
  await toast.getByRole('button', { name: 'Close toast' }).click();
  await expect(toast).toHaveCount(0);
}

type Visit = { path: string; heading: RegExp | string; ready?: string };

/** Loads each route at each width and audits it; `extra` audits what a route opens (dialogs, tabs). */
async function auditRoutes(page: Page, who: string, visits: Visit[], extra?: (width: (typeof WIDTHS)[number]) => Promise<void>): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width: width.width, height: width.height });
    for (const visit of visits) {
      await page.goto(visit.path);
      await settled(page, visit.heading, visit.ready);
      await audit(page, `${who} ${visit.path} ${width.name}`);
    }
    await extra?.(width);
  }
}

const PUBLIC: Visit[] = [
  { path: '/', heading: 'Can you tell who made the music?' },
  { path: '/pricing', heading: 'Get Tokens' },
  { path: '/marketplace', heading: 'Marketplace' },
  { path: '/privacy', heading: 'Privacy Policy' },
  { path: '/terms', heading: 'Terms of Service' },
  { path: '/unsubscribe', heading: 'Email preferences' },
  { path: '/reset-password', heading: 'Reset your password' },
  { path: '/reset-password?code=not-a-real-code', heading: 'Choose a new password', ready: 'reset-checked' },
  { path: '/some/missing/page', heading: 'Oops! Page not found' },
];

test('signed out: every public route passes axe in both widths and schemes', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const visits: Visit[] = [...PUBLIC, { path: '/auth', heading: 'Welcome back' }, { path: '/auth?mode=signup', heading: 'Create your account' }];
  await auditRoutes(page, 'signed out', visits, async (width) => {
    if (width.name !== 'mobile') return;
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await audit(page, 'signed out mobile menu');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  // A refused sign-up: the field's error under it, in both schemes and widths.
  await page.goto('/auth?mode=signup');
  await page.getByRole('button', { name: 'Sign Up & Get 50 Tokens' }).click();
  await expect(page.getByLabel('Username')).toHaveAccessibleDescription('Username is required 3 to 20 characters: letters, digits and underscore.');
  await auditWidths(page, 'sign-up field error');

  // A catalogue larger than a page (the demo seed's): All Listings offers "Load more". A new visitor.
  const visitor = await browser.newContext({ viewport: page.viewportSize() });
  const catalogue = await visitor.newPage();
  await catalogue.goto('/marketplace');
  await settled(catalogue, 'Marketplace');
  const more = catalogue.getByRole('region', { name: 'All Listings' }).getByRole('button', { name: 'Load more' });
  await expect(more).toBeVisible();
  await auditWidths(catalogue, 'marketplace with more listings to show');
  await expect(more).toBeVisible();
  await visitor.close();

  // The browser's chrome follows the scheme: each scheme's theme-color is the page's background.
  const rgb = (color: string) => {
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.fillStyle = color;
    ctx.fillRect(0, 0, 1, 1);
    return [...ctx.getImageData(0, 0, 1, 1).data.slice(0, 3)];
  };
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    const meta = page.locator(`meta[name="theme-color"][media="(prefers-color-scheme: ${colorScheme})"]`);
    const themeColor = await meta.getAttribute('content');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(await page.evaluate(rgb, themeColor!), `theme-color (${colorScheme})`).toEqual(await page.evaluate(rgb, background));
  }
});

test('a listener: every signed-in route, the purchase dialog, a paid checkout, a licence bought and its order, the unsubscribe link, a chosen file and a whole voting session pass axe in both widths and schemes', async ({ page }) => {
  test.setTimeout(420_000);
  const user = newUser('a11y');
  await signUp(page, user);
  const visits: Visit[] = [
    ...PUBLIC,
    { path: '/welcome', heading: /^Welcome/ },
    { path: '/vote', heading: 'Voting Arena', ready: 'clips-ready' },
    { path: '/submit', heading: 'Submit Your Track' },
    { path: '/orders', heading: 'My Orders' },
    { path: '/my-tracks', heading: 'My Tracks' },
  ];
  await auditRoutes(page, 'listener', visits, async (width) => {
    await page.goto('/marketplace');
    await settled(page, 'Marketplace');
    await page.getByTestId('listing-card').first().getByRole('button', { name: 'Buy' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await audit(page, `listener purchase dialog ${width.name}`);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    if (width.name !== 'mobile') return;
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await audit(page, 'listener mobile menu');
    await page.keyboard.press('Escape');
  });

  // Where Stripe (on the local stack its stand-in checkout) returns to, once the tokens are in.
  await page.goto('/pricing');
  await page.getByTestId('pack-starter').getByRole('button', { name: 'Buy' }).click();
  await page.getByRole('button', { name: 'Pay $4.99' }).click();
  await expect(page).toHaveURL(/\/pricing\/success\?session_id=cs_local_\w+$/);
  await settled(page, 'Payment successful!');
  await expect(page.getByText('50 tokens were added to your balance.')).toBeVisible();
  await auditWidths(page, 'listener /pricing/success');

  // A licence bought with tokens: the dialog's success, then /orders with the order in it.
  await page.goto('/marketplace');
  await settled(page, 'Marketplace');
  const listing = 'Skyline Licensing Loop';
  await openPurchase(page, 'All Listings', listing);
  const purchase = page.getByRole('dialog', { name: listing });
  await purchase.getByRole('button', { name: 'Pay with Tokens' }).click();
  await expect(purchase.getByText('Purchase successful!')).toBeVisible();
  // Its toast too: the audit holds the toasts it finds (one mounted after would time out mid-audit).
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: `${listing} is yours` })).toBeVisible();
  await auditWidths(page, 'listener purchase done');
  await purchase.getByRole('link', { name: 'View my orders' }).click();
  await settled(page, 'My Orders');
  await expect(page.getByTestId('order-row').filter({ hasText: listing })).toContainText('Approved');
  await auditWidths(page, 'listener /orders with an order');
  // Back on /marketplace, the bought licence's card says Owned (a link to My Orders) in place of Buy.
  await page.goto('/marketplace');
  await settled(page, 'Marketplace');
  await expect(page.getByRole('link', { name: 'Owned: view it in My Orders', description: listing })).toBeVisible();
  await auditWidths(page, 'listener /marketplace with a licence bought');

  // A campaign mail's unsubscribe link: the question, then the answer.
  await page.goto(await unsubscribePath(user));
  await settled(page, 'Email preferences');
  await expect(page.getByText('Stop receiving campaign and promotional emails from Fool Rate?')).toBeVisible();
  await auditWidths(page, 'listener /unsubscribe with a valid link');
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByText('You are unsubscribed from campaign emails.')).toBeVisible();
  await auditWidths(page, 'listener /unsubscribe unsubscribed');

  // /submit with an audio file chosen: waveform, segment picker, preview, and the hybrid details with one picked.
  await page.goto('/submit');
  await settled(page, 'Submit Your Track');
  await chooseTrack(page, mp3);
  await page.getByLabel('Hybrid', { exact: true }).check();
  await page.getByRole('group', { name: 'AI elements' }).getByRole('checkbox').first().check();
  await auditWidths(page, 'listener /submit with a file');

  // The whole first session, moving on from each reveal; the last one stays, then the end screen.
  await page.goto('/vote');
  await expect(trackPosition(page)).toHaveText(/^Track 1 of \d+$/, { timeout: 20_000 });
  const count = Number(/of (\d+)/.exec((await trackPosition(page).textContent()) ?? '')?.[1]);
  for (let n = 1; n <= count; n++) {
    await expect(trackPosition(page)).toHaveText(`Track ${n} of ${count}`);
    await guess(page, 'Human');
    await expect(page.getByTestId('verdict')).toHaveText(VERDICT);
    if (n < count) await nextTrack(page);
  }
  await expect(page.getByTestId('reveal-title')).not.toBeEmpty();
  await auditWidths(page, 'listener vote reveal');
  await page.getByRole('button', { name: 'Finish Competition' }).click();
  const complete = page.getByRole('heading', { name: 'Competition Complete! 🏆' });
  await expect(complete).toBeFocused();
  // On the phone (the last width audited), the focused heading is not under the sticky header.
  const header = await page.getByRole('banner').boundingBox();
  expect((await complete.boundingBox())!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
  await auditWidths(page, 'listener vote end screen');
});

test('a seller: /marketplace with their own listings (Your listing in place of Buy) passes axe in both widths and schemes', async ({ page }) => {
  await signIn(page, 'artist@demo.test', 'demo1234');
  await page.goto('/marketplace');
  await settled(page, 'Marketplace');
  // The demo artist's listings (the read of their own tracks marks them all in one render).
  await expect(page.getByRole('link', { name: 'Your listing: manage it in My Tracks' }).first()).toBeVisible();
  await auditWidths(page, 'seller /marketplace');
});

test('a super admin: every CMS tab and its dialogs (user and token adjusting, edit track, radio schedule, email campaign) and toasts pass axe in both widths and schemes', async ({ page, request }) => {
  test.setTimeout(360_000);
  // The Config tab's audit log shows at least one entry (a new user's token adjustment), whatever ran before.
  const member = newUser('axeaudit');
  expect((await request.post('/api/accounts/signup', { data: member })).status()).toBe(201);
  const headers = bearer(await idToken(request, 'superadmin@demo.test', 'demo1234'));
  const adjusted = await request.post('/api/admin/tokens/adjust', { headers, data: { user_id: await uidOf(member), delta: 5, note: 'Axe check' } });
  expect(adjusted.status()).toBe(200);
  await signIn(page, 'superadmin@demo.test', 'demo1234');
  await auditRoutes(page, 'super admin', [{ path: '/upload-placeholders', heading: 'Placeholder covers' }], async (width) => {
    await page.goto('/cms');
    await settled(page, /CMS/);
    for (const tab of ['Overview', 'Users & Roles', 'Contest', 'Marketplace', 'Radio Queue', 'Token Economy', 'Email System', 'Config']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByText(/^Loading/)).toHaveCount(0, { timeout: 20_000 });
      await expect(page.locator('main .animate-spin')).toHaveCount(0, { timeout: 20_000 });
      await audit(page, `cms ${tab} ${width.name}`);
      if (tab === 'Users & Roles') {
        // Found by search: newer users from other specs may have pushed it past the first page.
        await searchUsers(page, 'listener@demo.test');
        await page.getByRole('button', { name: 'Open listener' }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await audit(page, `cms user dialog ${width.name}`);
        // A reason given: the token-adjust buttons turn on.
        await page.getByRole('dialog').getByLabel('Reason').fill('Contest prize');
        await expect(page.getByRole('button', { name: 'Add 10 tokens' })).toBeEnabled();
        await audit(page, `cms token-adjust form ${width.name}`);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toHaveCount(0);
      }
      if (tab === 'Contest') {
        await page.getByRole('button', { name: /^Edit / }).first().click();
        await expect(page.getByRole('dialog', { name: 'Edit track' })).toBeVisible();
        await audit(page, `cms edit track dialog ${width.name}`);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toHaveCount(0);
      }
      if (tab === 'Marketplace') {
        // Nothing chosen: an error toast.
        await page.getByRole('button', { name: 'Create Listing' }).click();
        await auditToast(page, 'Please select a track.', `cms error toast ${width.name}`);
      }
      if (tab === 'Radio Queue') {
        // The seed has an uploaded, unscheduled track.
        await page.getByRole('button', { name: 'Schedule', exact: true }).first().click();
        await expect(page.getByRole('dialog', { name: 'Schedule Broadcast Time' })).toBeVisible();
        await audit(page, `cms radio schedule dialog ${width.name}`);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toHaveCount(0);
      }
      if (tab === 'Email System') {
        await page.getByRole('button', { name: 'Send Test Email' }).click();
        await auditToast(page, 'Test email sent to superadmin@demo.test', `cms success toast ${width.name}`);
        await page.getByRole('button', { name: 'Email All Users' }).click();
        const dialog = page.getByRole('dialog', { name: 'Email All Users' });
        await expect(dialog).toBeVisible();
        await audit(page, `cms email campaign dialog ${width.name}`);
        await dialog.getByLabel('Subject').fill('Axe news');
        await dialog.getByLabel('Body').fill('New songs are in the contest this week.');
        await dialog.getByRole('button', { name: 'Continue' }).click();
        await expect(dialog.getByText('Send to all subscribed users?')).toBeVisible();
        await audit(page, `cms email campaign confirm ${width.name}`);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toHaveCount(0);
      }
    }
  });
});
