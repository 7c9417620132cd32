import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Locator } from '@playwright/test';
import { expect, test, type Page } from './fixtures';
import { runFfmpeg } from '../../scripts/lib/media';
import { bearer, freshTone, idToken, newUser, releaseSpendsOf, setOnline, signIn, uniqueName } from './helpers';
import { CMS_MSG } from '../../common/cms/cms-messages';

const PASSWORD = 'demo1234';
let dir = '';
let mp3: Buffer;

test.beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cms-e2e-'));
  const file = join(dir, 'tone.mp3');
  await runFfmpeg(['-f', 'lavfi', '-i', 'sine=frequency=523:duration=50', '-ac', '1', '-b:a', '48k', file]);
  mp3 = await readFile(file);
});

test.afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A fresh artist (50 tokens) whose ID token submits tracks through the real POST /api/tracks. */
async function newArtist(request: APIRequestContext): Promise<string> {
  const user = newUser('cmsart');
  const res = await request.post('/api/accounts/signup', { data: user });
  expect(res.status()).toBe(201);
  // Submitting spends tokens, which an unverified address may not.
  await releaseSpendsOf(user);
  return idToken(request, user.email, user.password);
}

async function submitTrack(request: APIRequestContext, token: string, title: string): Promise<void> {
  const res = await request.post('/api/tracks', {
    headers: { ...bearer(token), 'Idempotency-Key': crypto.randomUUID() },
    multipart: {
      title,
      artistName: 'CMS Tester',
      genre: 'Rock',
      songType: 'human',
      submissionRoutes: JSON.stringify(['contest']),
      previewStartTime: '2',
      // A recording of its own for each contest entry (one entry per recording), as long as `mp3`.
      audioFile: { name: 'tone.mp3', mimeType: 'audio/mpeg', buffer: await freshTone(join(dir, `${crypto.randomUUID()}.mp3`), 50) },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

const moderationCard = (page: Page) => page.getByRole('region', { name: 'Track Moderation' });
const pendingItem = (page: Page, title: string) => moderationCard(page).getByRole('listitem', { name: title });
const tableRow = (page: Page, title: string): Locator =>
  page.getByRole('region', { name: 'All Contest Songs' }).getByRole('row').filter({ hasText: title });

async function openCms(page: Page, email: string) {
  await signIn(page, email, PASSWORD);
  await page.goto('/cms');
}

test('a signed-out visitor is sent to /auth', async ({ page }) => {
  await page.goto('/cms');
  await expect(page).toHaveURL(/\/auth\?next=%2Fcms$/);
});

test('a listener is told they have no access, with their roles, and can re-check', async ({ page }) => {
  await openCms(page, 'listener@demo.test');
  await expect(page.getByRole('heading', { name: 'You don’t have access to the CMS' })).toBeVisible();
  await expect(page.getByText('Required role: admin')).toBeVisible();
  await expect(page.getByText('Your roles: user')).toBeVisible();
  await expect(page.getByText('listener@demo.test')).toBeVisible();
  await page.getByRole('button', { name: 'Re-check access' }).click();
  await expect(page.getByText('Re-checking your admin access…')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'You don’t have access to the CMS' })).toBeVisible();
  await page.getByRole('link', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('offline, a listener is told they have no access from the roles the device has', async ({ page, context }) => {
  await openCms(page, 'listener@demo.test');
  await expect(page.getByRole('heading', { name: 'You don’t have access to the CMS' })).toBeVisible();
  // The app's service worker, once installed, serves the page offline.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await setOnline(context, false);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'You don’t have access to the CMS' })).toBeVisible();
  await expect(page.getByText('Your roles: user')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Having trouble opening the CMS' })).toHaveCount(0);
});

test('loading that lasts 6 s shows the trouble screen; Try Again re-checks', async ({ page }) => {
  await signIn(page, 'listener@demo.test', PASSWORD);
  // The server's answer on the roles is held back until `release()`: the page cannot decide.
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/me', async (route) => {
    await gate;
    await route.continue().catch(() => undefined); // the page may have given up on this request
  });
  await page.goto('/cms');
  await expect(page.getByText('Loading...')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Having trouble opening the CMS' })).toBeVisible({ timeout: 9_000 });
  await expect(page.getByText('listener@demo.test')).toBeVisible();
  await expect(page.getByText('Roles loading:')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Hard Refresh' })).toBeVisible();
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByText('Retrying CMS load…')).toBeVisible();
  release();
  await expect(page.getByRole('heading', { name: 'You don’t have access to the CMS' })).toBeVisible();
});

test('each CMS tab has its own address: choosing one opens it, a reload stays, Back returns to the last, and Config is for super admins', async ({ page }) => {
  await openCms(page, 'admin@demo.test');
  // /cms opens the Overview.
  await expect(page).toHaveURL(/\/cms\/overview$/);
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveTitle('CMS Overview — Fool Rate');
  // By keyboard: arrow keys move along the tabs and open each one's address.
  await page.getByRole('tab', { name: 'Overview' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/\/cms\/users$/);
  await expect(page.getByRole('tab', { name: 'Users & Roles' })).toBeFocused();
  await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
  await page.getByRole('tab', { name: 'Radio Queue' }).click();
  await expect(page).toHaveURL(/\/cms\/radio$/);
  await expect(page.getByRole('tab', { name: 'Radio Queue' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveTitle('CMS Radio Queue — Fool Rate');
  // A reload stays on the tab.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Radio Queue' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Radio Queue' })).toBeVisible();
  // Back returns to the tab before.
  await page.goBack();
  await expect(page).toHaveURL(/\/cms\/users$/);
  await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
  // An admin sent to Config lands on the Overview.
  await page.goto('/cms/config');
  await expect(page).toHaveURL(/\/cms\/overview$/);
  await expect(page.getByRole('tab', { name: 'Config' })).toHaveCount(0);
});

test('a signed-out visitor opening a CMS tab signs in and comes back to that tab', async ({ page }) => {
  await page.goto('/cms/email');
  await expect(page).toHaveURL(/\/auth\?next=%2Fcms%2Femail$/);
  await page.getByLabel('Email').fill('admin@demo.test');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
  await expect(page).toHaveURL(/\/cms\/email$/);
  await expect(page.getByRole('tab', { name: 'Email System' })).toHaveAttribute('aria-selected', 'true');
});

test('an admin sees the Admin Dashboard, the tabs without Config, and the four stat cards', async ({ page }) => {
  await openCms(page, 'admin@demo.test');
  await expect(page.getByText('Admin Dashboard')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Fool Rate CMS' })).toBeVisible();
  await expect(page.getByText('Manage all aspects of the platform from here')).toBeVisible();
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveText(['Overview', 'Users & Roles', 'Contest', 'Marketplace', 'Radio Queue', 'Token Economy', 'Email System']);
  for (const key of ['total_users', 'active_tracks', 'vote_sessions', 'tokens_circulating']) {
    await expect(page.getByTestId(`stat-${key}`)).toHaveText(/^\d[\d,]*$/);
  }
  // Four demo accounts at least.
  expect(Number((await page.getByTestId('stat-total_users').textContent())?.replace(/,/g, ''))).toBeGreaterThanOrEqual(4);
  await page.getByRole('tab', { name: 'Email System' }).click();
  await expect(page.getByText('Sent to new users after signup')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send Test Email' })).toBeVisible();
  await page.getByRole('tab', { name: 'Users & Roles' }).click();
  await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
});

test('offline, the Contest lists and the stat cards say why they are missing, not that there is nothing, and fill in once back online', async ({ page, context }) => {
  // The dashboard fetches every tab's code once it shows (the Contest tab's among them), so a tab opens offline too.
  const assetsLoading = new Set<string>();
  page.on('request', (r) => void (r.url().includes('/assets/') && assetsLoading.add(r.url())));
  page.on('requestfinished', (r) => void assetsLoading.delete(r.url()));
  page.on('requestfailed', (r) => void assetsLoading.delete(r.url()));
  const contestCode = page.waitForResponse((r) => /\/assets\/contest-[\w-]+\.js$/.test(r.url()) && r.ok());
  await openCms(page, 'admin@demo.test');
  await expect(page.getByTestId('stat-total_users')).toHaveText(/^\d[\d,]*$/);
  await contestCode;
  await expect.poll(() => assetsLoading.size).toBe(0);
  await context.setOffline(true);
  await page.getByRole('tab', { name: 'Contest' }).click();
  await expect(page.locator('[data-sonner-toast]').getByText('Failed to load tracks').first()).toBeVisible();
  const offline = 'You are offline. This fills in when you are back online.';
  await expect(moderationCard(page).getByText(offline)).toBeVisible();
  await expect(page.getByRole('region', { name: 'All Contest Songs' }).getByText(offline)).toBeVisible();
  await expect(page.getByText('No pending submissions.')).toHaveCount(0);
  await expect(page.getByText('No tracks yet.')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page.getByText(offline)).toBeVisible();
  await expect(page.getByTestId('stat-total_users')).toHaveText('…');

  // Back online: read again at once, without a click.
  await context.setOffline(false);
  await expect(page.getByTestId('stat-total_users')).toHaveText(/^\d[\d,]*$/);
  await expect(page.getByText(offline)).toHaveCount(0);
  await context.setOffline(true);
  await page.getByRole('tab', { name: 'Contest' }).click();
  await expect(moderationCard(page).getByText(offline)).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByRole('region', { name: 'All Contest Songs' }).getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByText(offline)).toHaveCount(0);
});

test('a super admin sees the Super Admin Control Center and the Config tab', async ({ page }) => {
  await openCms(page, 'superadmin@demo.test');
  await expect(page.getByText('Super Admin Control Center')).toBeVisible();
  await page.getByRole('tab', { name: 'Config' }).click();
  await expect(page.getByRole('heading', { name: 'System Configuration' })).toBeVisible();
});

test('an admin approves with a chosen cover, rejects, edits and deletes submissions', async ({ page, request }) => {
  const token = await newArtist(request);
  const [toApprove, toReject, toDelete] = ['Approve', 'Reject', 'Delete'].map((w) => uniqueName(`Cms ${w} `));
  for (const title of [toApprove!, toReject!, toDelete!]) await submitTrack(request, token, title);

  await openCms(page, 'admin@demo.test');
  await page.getByRole('button', { name: 'Moderate Submissions' }).click();
  await expect(page.getByRole('tab', { name: 'Contest', selected: true })).toBeVisible();
  await expect(moderationCard(page).getByText('Approve or reject pending track submissions')).toBeVisible();

  // The full track can be heard: its signed URL serves the original.
  const item = pendingItem(page, toApprove!);
  await expect(item.getByText('Rock')).toBeVisible();
  await expect(item.getByText('Contest', { exact: true })).toBeVisible();
  const src = await item.locator('audio').getAttribute('src');
  // Fetched by the admin's browser, the client the link is for.
  const audio = await page.evaluate(async (url) => {
    const res = await fetch(url);
    return { status: res.status, type: res.headers.get('content-type'), bytes: (await res.arrayBuffer()).byteLength };
  }, src!);
  expect(audio.status).toBe(200);
  expect(audio.type).toMatch(/^audio\//);
  // The full original (tags aside), not the 45 s clip.
  expect(Math.abs(audio.bytes - mp3.length)).toBeLessThan(1000);

  // Send to Radio waits for approval (only approved tracks go to radio), and says so.
  const toRadio = item.getByRole('button', { name: 'Send to Radio' });
  await expect(toRadio).toBeDisabled();
  await expect(toRadio).toHaveAccessibleDescription(/^Only approved tracks can be sent to radio/);

  await item.getByText('Cover:').click();
  await item.getByLabel('cover-07').check({ force: true });
  // Approve by keyboard: the card leaves, and the focus goes to the Approve of the card in its place.
  await item.getByRole('button', { name: 'Approve' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Track approved')).toBeVisible();
  await expect(pendingItem(page, toApprove!)).toHaveCount(0);
  await expect(moderationCard(page).locator(':focus')).toHaveAccessibleName('Approve');
  await expect(tableRow(page, toApprove!)).toContainText('approved');
  await expect(tableRow(page, toApprove!).locator('img')).toHaveAttribute('src', '/placeholders/cover-07.jpg');

  // A refused call shows the spec's failure toast and changes nothing.
  await page.route('**/api/cms/tracks/*/reject', (route) =>
    route.fulfill({ status: 403, json: { error: { code: 'forbidden', message: 'Admin role required' } } }),
  );
  await pendingItem(page, toReject!).getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('Failed to reject track')).toBeVisible();
  await expect(pendingItem(page, toReject!)).toBeVisible();
  await page.unroute('**/api/cms/tracks/*/reject');
  await pendingItem(page, toReject!).getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('Track rejected')).toBeVisible();
  await expect(tableRow(page, toReject!)).toContainText('rejected');

  // Edit the rejected track: new title, genre and status.
  const edited = `${toReject!} edited`;
  await tableRow(page, toReject!).getByRole('button', { name: `Edit ${toReject!}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit track' });
  await dialog.getByLabel('Title').fill(edited);
  await dialog.getByLabel('Genre').selectOption('Jazz');
  await dialog.getByLabel('Status').selectOption('approved');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Track updated')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(tableRow(page, edited)).toContainText('Jazz');
  await expect(tableRow(page, edited)).toContainText('approved');

  // Delete asks first: Escape keeps the track (and gives the focus back), confirming removes it.
  const asked = page.getByRole('dialog', { name: 'Delete track' });
  await pendingItem(page, toDelete!).getByRole('button', { name: 'Delete' }).click();
  await expect(asked).toHaveAccessibleDescription(CMS_MSG.confirmDelete(toDelete!));
  await page.keyboard.press('Escape');
  await expect(asked).toHaveCount(0);
  await expect(pendingItem(page, toDelete!).getByRole('button', { name: 'Delete' })).toBeFocused();
  await page.keyboard.press('Enter');
  await asked.getByRole('button', { name: 'Delete' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Track deleted')).toBeVisible();
  await expect(pendingItem(page, toDelete!)).toHaveCount(0);
  // The focus stays in the list: another card's Delete, or the card's heading once none is left.
  await expect(moderationCard(page).locator(':focus')).toHaveAccessibleName(/^(Delete|Track Moderation)$/);
  await expect(tableRow(page, toDelete!)).toHaveCount(0);
});

test("a quick send from the Contest tab shows in the Radio Queue tab at once, in a browser another account used before (RxDB's first load on that tab)", async ({ page, request }) => {
  const token = await newArtist(request);
  const title = uniqueName('Cms Radio ');
  await submitTrack(request, token, title);

  // The artist used this browser first (My Tracks loads their RxDB data), and the admin signs in
  // over their session, without Sign Out: the device's per-user collections are the artist's.
  await signIn(page, 'artist@demo.test', PASSWORD);
  await page.goto('/my-tracks');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('foolrate:contest-owner'))).not.toBeNull();
  await openCms(page, 'superadmin@demo.test');
  await page.getByRole('tab', { name: 'Contest' }).click();
  await pendingItem(page, title).getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Track approved')).toBeVisible();
  await tableRow(page, title).getByRole('button', { name: `Send to Radio: ${title}` }).click();
  await expect(page.getByText('Added to Radio Queue')).toBeVisible();

  // The tab's first load of the data layer empties the artist's collections for the admin; the
  // queue must read the admin's, not a collection being emptied (that read never answered: 'Loading' for good).
  await page.getByRole('tab', { name: 'Radio Queue' }).click();
  const queue = page.getByRole('region', { name: 'Radio Queue' });
  await expect(queue.getByRole('row').filter({ hasText: title })).toContainText('pending', { timeout: 5_000 });
});
