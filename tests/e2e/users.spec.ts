import type { APIRequestContext, Browser, Locator } from '@playwright/test';
import { expect, test, type Page } from './fixtures';
import { balancePill, bearer, idToken, newUser, searchUsers, signIn, type NewUser } from './helpers';

/** Users & Roles (issue 11): super admins manage roles and tokens; admins only look. */

const PASSWORD = 'demo1234';

async function openUsers(page: Page, email: string) {
  await signIn(page, email, PASSWORD);
  await page.goto('/cms');
  await page.getByRole('tab', { name: 'Users & Roles' }).click();
  await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
}


const row = (page: Page, username: string) => page.getByTestId('user-row').filter({ hasText: `@${username}` });

async function newMember(request: APIRequestContext): Promise<NewUser> {
  const user = newUser('usr');
  const res = await request.post('/api/accounts/signup', { data: user });
  expect(res.status()).toBe(201);
  return user;
}

/** The member signed in in a browser of their own, their 50 tokens shown. */
async function memberPage(browser: Browser, user: NewUser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, user.email, user.password);
  // The first sync of a fresh browser can be slow on a cold stack: more time than a usual step.
  await expect(balancePill(page)).toHaveText('50 tokens', { timeout: 30_000 });
  return page;
}

test('a super admin grants and removes admin, adds 50 tokens with a reason: the ledger, the audit log and the user’s own balance show it', async ({ page, browser, request }) => {
  const member = await newMember(request);
  const memberView = await memberPage(browser, member);

  await openUsers(page, 'superadmin@demo.test');
  await searchUsers(page, member.username.toUpperCase());
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  // What the search found is read out (a live status), not only drawn in the table.
  await expect(page.getByRole('status').filter({ hasText: 'user found' })).toHaveText('1 user found');
  await expect(row(page, member.username)).toContainText(member.email);
  await expect(row(page, member.username).getByTestId('user-balance')).toHaveText('50');
  await row(page, member.username).getByRole('button', { name: `Open ${member.username}` }).click();

  const sheet = page.getByRole('dialog', { name: member.username });
  // Each role change is asked first (the app's confirm dialog over the sheet); cancelled, nothing changes.
  const asked = page.getByRole('dialog', { name: 'Grant admin' });
  await sheet.getByRole('button', { name: 'Grant admin' }).click();
  await expect(asked).toHaveAccessibleDescription(
    `Grant admin to @${member.username}? An admin moderates tracks and manages listings, the radio queue and email. They will get an email about it.`,
  );
  await asked.getByRole('button', { name: 'Cancel' }).click();
  await expect(asked).toHaveCount(0);
  await expect(sheet.getByRole('button', { name: 'Grant admin' })).toBeEnabled();
  await expect(page.getByText('Granted admin')).toHaveCount(0);
  await sheet.getByRole('button', { name: 'Grant admin' }).click();
  await asked.getByRole('button', { name: 'Grant admin' }).click();
  await expect(page.getByText('Granted admin')).toBeVisible();
  await expect(sheet.getByRole('button', { name: 'Remove admin' })).toBeVisible();
  await sheet.getByRole('button', { name: 'Remove admin' }).click();
  await page.getByRole('dialog', { name: 'Remove admin' }).getByRole('button', { name: 'Remove admin' }).click();
  await expect(page.getByText('Removed admin')).toBeVisible();
  await expect(sheet.getByRole('button', { name: 'Grant admin' })).toBeVisible();
  // The button kept the focus through the change (busy, not disabled), whichever way it went.
  await expect(sheet.getByRole('button', { name: 'Grant admin' })).toBeFocused();

  await expect(sheet.getByRole('button', { name: 'Add 50 tokens' })).toBeDisabled();
  await sheet.getByLabel('Reason').fill('E2E contest prize');
  // By keyboard: the button, disabled while the call runs, has the focus again after it.
  await sheet.getByRole('button', { name: 'Add 50 tokens' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Added 50 tokens; balance 100')).toBeVisible();
  await expect(sheet.getByTestId('detail-balance')).toHaveText('100');
  await expect(sheet.getByRole('button', { name: 'Add 50 tokens' })).toBeFocused();
  const newest = sheet.getByTestId('ledger-entry').first();
  await expect(newest).toContainText('admin grant');
  await expect(newest).toContainText('“E2E contest prize”');
  await expect(newest).toContainText('+50');

  // The member's own browser follows without a reload (token_balances replication).
  await expect(balancePill(memberView)).toHaveText('100 tokens');

  // Deducting below zero is refused by the server with the spec's message.
  await sheet.getByLabel('Custom amount').fill('-500');
  await sheet.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Failed to adjust tokens')).toBeVisible();
  await expect(page.locator('[data-sonner-toast]').getByText('Cannot set negative balance')).toBeVisible();
  await expect(sheet.getByTestId('detail-balance')).toHaveText('100');
  // The reason stays under the field, which is marked invalid, described by it, and focused.
  const amount = sheet.getByLabel('Custom amount');
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(amount).toHaveAccessibleDescription('Cannot set negative balance Negative to deduct');
  await expect(amount).toBeFocused();
  // Beyond the largest adjustment: the form says so in its own words, before any request.
  await amount.fill('5000000');
  await expect(amount).not.toHaveAttribute('aria-invalid');
  await sheet.getByRole('button', { name: 'Apply' }).click();
  await expect(page.locator('[data-sonner-toast]').getByText('Enter a whole number of tokens up to 1,000,000, negative to deduct')).toBeVisible();
  await expect(amount).toHaveAccessibleDescription('Enter a whole number of tokens up to 1,000,000, negative to deduct Negative to deduct');
  await expect(sheet.getByTestId('detail-balance')).toHaveText('100');

  await page.keyboard.press('Escape');
  await expect(row(page, member.username).getByTestId('user-balance')).toHaveText('100');

  await page.getByRole('tab', { name: 'Config' }).click();
  const audit = page.getByRole('region', { name: 'Audit Log' });
  const rows = audit.getByTestId('audit-row').filter({ hasText: `@${member.username}` });
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('Tokens adjusted');
  await expect(rows.nth(0)).toContainText('50 → 100');
  await expect(rows.nth(0)).toContainText('E2E contest prize');
  await expect(rows.nth(0)).toContainText('@superadmin');
  await expect(rows.nth(1)).toContainText('Role removed');
  await expect(rows.nth(1)).toContainText('admin, user → user');
  await expect(rows.nth(2)).toContainText('Role granted');
});

test('a super admin cannot remove their own super admin role: the control is disabled and says why', async ({ page }) => {
  await openUsers(page, 'superadmin@demo.test');
  await searchUsers(page, 'superadmin@demo.test');
  const me = page.getByTestId('user-row').filter({ hasText: 'superadmin@demo.test' });
  await me.getByRole('button', { name: /^Open / }).click();
  const sheet = page.getByRole('dialog');
  await expect(sheet.getByRole('button', { name: 'Remove super admin' })).toBeDisabled();
  await expect(sheet.getByText('You cannot remove your own super admin role; another super admin can.')).toBeVisible();
});

test('an admin sees the list and a user’s ledger but no role or token controls; the server refuses them', async ({ page, request }) => {
  await openUsers(page, 'admin@demo.test');
  await searchUsers(page, 'listener');
  await expect(row(page, 'listener')).toContainText('listener@demo.test');
  await row(page, 'listener').getByRole('button', { name: 'Open listener' }).click();
  const sheet = page.getByRole('dialog');
  await expect(sheet.getByText('Only super admins can change roles or adjust tokens.')).toBeVisible();
  await expect(sheet.getByRole('button', { name: /Grant|Remove/ })).toHaveCount(0);
  await expect(sheet.getByRole('button', { name: /Add \d+ tokens/ })).toHaveCount(0);
  await expect(sheet.getByTestId('ledger-entry').first()).toBeVisible();

  const token = await idToken(request, 'admin@demo.test', PASSWORD);
  const headers = bearer(token);
  const listener = (await (await request.get('/api/cms/users?q=listener', { headers })).json()) as { items: Array<{ id: string; username: string }> };
  const id = listener.items.find((u) => u.username === 'listener')!.id;
  const role = await request.post('/api/admin/roles', { headers, data: { user_id: id, role: 'admin', action: 'grant' } });
  expect(role.status()).toBe(403);
  expect((await role.json()).error.message).toBe('Only super admins can manage roles');
  const tokens = await request.post('/api/admin/tokens/adjust', { headers, data: { user_id: id, delta: 10 } });
  expect(tokens.status()).toBe(403);
  expect((await tokens.json()).error.message).toBe('Only super admins can adjust tokens');
  expect((await request.get('/api/cms/audit', { headers })).status()).toBe(403);
});

/** A scroller's edge fades (styles.css, .scroll-fade) as [left, right], once they follow its scroll position. */
async function fades(scroller: Locator, scrollLeft?: number): Promise<string[]> {
  return scroller.evaluate(async (el, left) => {
    if (left !== undefined) el.scrollLeft = left;
    // The scroll timeline moves the animation on the next frame.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const style = getComputedStyle(el);
    return [style.getPropertyValue('--fade-start'), style.getPropertyValue('--fade-end')];
  }, scrollLeft);
}

test('on a phone, the tab bar and a wide table fade at an edge with more to scroll to; a table that fits does not, nor one the keyboard is in', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openUsers(page, 'admin@demo.test');
  const tabs = page.getByRole('tablist', { name: 'CMS sections' });
  const table = page.getByRole('table').locator('..');
  await expect(page.getByTestId('user-row').first()).toBeVisible();
  // At the start: more to the right only.
  expect(await fades(tabs, 0)).toEqual(['0px', '40px']);
  expect(await fades(table, 0)).toEqual(['0px', '40px']);
  // In the middle: both ways; at the end: more to the left only.
  expect(await fades(table, 200)).toEqual(['40px', '40px']);
  expect(await fades(table, 100_000)).toEqual(['40px', '0px']);
  const masked = () => table.evaluate((el) => getComputedStyle(el).maskImage);
  expect(await masked()).toContain('linear-gradient');
  // A control focused by keyboard near an edge keeps its whole focus ring.
  await fades(table, 0);
  await page.getByTestId('user-row').first().getByRole('button').first().focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  expect(await masked()).toBe('none');
  // On a desktop the table fits: nothing to fade, also when it was scrolled to its end before.
  await fades(table, 100_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('heading', { name: 'User Management' }).click();
  expect(await fades(table)).toEqual(['0px', '0px']);
  expect(await fades(tabs)).toEqual(['0px', '0px']);
});
