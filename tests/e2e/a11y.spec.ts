import AxeBuilder from '@axe-core/playwright';
import type { Result } from 'axe-core';
import { expect, test, type Page } from './fixtures';
import { newUser, signIn, signUp } from './helpers';

/**
 * axe on every route and every CMS tab, signed out, as a listener and as a super admin, at a
 * desktop and a phone width, each in the dark and the light scheme: zero violations of any
 * impact. One page load per route and width; the scheme switches on the loaded page (the
 * palette is CSS, docs/decisions.md: Light and dark).
 */

const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 390, height: 844 },
] as const;
const SCHEMES = ['dark', 'light'] as const;

/** A violation as one readable line per failing element. */
const describe = (v: Result) =>
  `[${v.impact}] ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`).join('\n')}`;

/** Waits for the page's data: its heading (and `ready`, a test id, if given) shown and no loading text or spinner left in it. */
async function settled(page: Page, heading: RegExp | string, ready?: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 20_000 });
  if (ready) await expect(page.getByTestId(ready)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/^Loading/)).toHaveCount(0, { timeout: 20_000 });
  await expect(page.locator('main .animate-spin')).toHaveCount(0, { timeout: 20_000 });
}

/** axe in both schemes on what the page shows now (or only inside `include`); failures are soft so one run lists them all. */
async function audit(page: Page, label: string, include?: string): Promise<void> {
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    const builder = new AxeBuilder({ page });
    if (include) builder.include(include);
    const { violations } = await builder.analyze();
    expect.soft(violations.map(describe), `axe: ${label} (${colorScheme})`).toEqual([]);
  }
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
  { path: '/some/missing/page', heading: 'Oops! Page not found' },
];

test('signed out: every public route passes axe in both widths and schemes', async ({ page }) => {
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
});

test('a listener: every signed-in route and the purchase dialog pass axe in both widths and schemes', async ({ page }) => {
  test.setTimeout(300_000);
  await signUp(page, newUser('a11y'));
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
});

test('a super admin: every CMS tab and its main dialogs pass axe in both widths and schemes', async ({ page }) => {
  test.setTimeout(300_000);
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
        await page.getByRole('button', { name: 'Open listener' }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await audit(page, `cms user dialog ${width.name}`);
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
    }
  });
});
