import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { expect, test, type Page } from './fixtures';
import { bearer, idToken, newUser, signIn } from './helpers';

const PASSWORD = 'demo1234';

async function openCms(page: Page, email: string) {
  await signIn(page, email, PASSWORD);
  await page.goto('/cms');
}

async function adminToken(request: APIRequestContext, email = 'admin@demo.test') {
  return bearer(await idToken(request, email, PASSWORD));
}

test('an admin changes the contest entry cost, keeping what another admin changed meanwhile; /pricing and /submit show the new price, the audit log names the setting; the rewards are read-only to an admin', async ({ page, request, browser }) => {
  const headers = await adminToken(request);
  const before = (await (await request.get('/api/cms/config', { headers })).json()) as { pricing: { contest_entry_cost: number; radio_upload_cost: number } };
  const next = before.pricing.contest_entry_cost === 13 ? 14 : 13;
  const otherUpload = before.pricing.radio_upload_cost + 1;
  try {
    await openCms(page, 'admin@demo.test');
    await page.getByRole('tab', { name: 'Token Economy' }).click();
    const form = page.getByRole('form', { name: 'Token Economy Settings: configure token pricing, rewards and costs' });
    await expect(page.getByRole('heading', { name: 'Token Economy Settings: configure token pricing, rewards and costs' })).toBeVisible();
    // The settings that create tokens are the super admins': an admin sees them read-only, and why.
    await expect(form.getByLabel('Daily drip')).toHaveAttribute('readonly', '');
    await expect(form.getByRole('group', { name: 'Rewards' })).toHaveAccessibleDescription('Only super admins can change token grants');
    const axe = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    // A refused value: the field is marked, says why and has the focus; editing it clears that.
    const session = form.getByLabel('Vote session cost');
    await expect(session).not.toHaveValue('');
    const sessionBefore = await session.inputValue();
    await session.fill('-5');
    await form.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Vote session cost: Must not be negative')).toBeVisible();
    await expect(session).toHaveAttribute('aria-invalid', 'true');
    await expect(session).toHaveAccessibleDescription('Must not be negative');
    await expect(session).toBeFocused();
    await session.fill(sessionBefore);
    await expect(session).not.toHaveAttribute('aria-invalid');

    const field = form.getByLabel('Contest entry cost');
    await expect(field).toHaveValue(String(before.pricing.contest_entry_cost));
    await field.fill(String(next));
    // Another admin changes the radio price while this form is open: saving does not put the old one back.
    await expect(form.getByLabel('Radio upload cost')).toHaveValue(String(before.pricing.radio_upload_cost));
    expect((await request.post('/api/cms/config', { headers, data: { pricing: { radio_upload_cost: otherUpload } } })).status()).toBe(200);
    await form.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Configuration saved')).toBeVisible();
    await expect(form.getByLabel('Radio upload cost')).toHaveValue(String(otherUpload));
    const saved = (await (await request.get('/api/cms/config', { headers })).json()) as typeof before;
    expect(saved.pricing).toMatchObject({ contest_entry_cost: next, radio_upload_cost: otherUpload });

    await page.goto('/pricing');
    const price = page.getByRole('term').filter({ hasText: /^Contest entry$/ }).locator('xpath=following-sibling::dd');
    await expect(price).toHaveText(`${next} tokens`);

    await page.goto('/submit');
    await expect(page.locator('#route-contest-price')).toHaveText(`${next} tokens`);

    // The super admin's audit log says which setting changed, not only its values.
    const context = await browser.newContext();
    const superPage = await context.newPage();
    await openCms(superPage, 'superadmin@demo.test');
    await superPage.getByRole('tab', { name: 'Config' }).click();
    const audit = superPage.getByRole('region', { name: 'Audit Log' });
    await expect(audit.getByTestId('audit-row').first()).toContainText(`pricing.contest_entry_cost: ${before.pricing.contest_entry_cost} → ${next}`);
    await context.close();
  } finally {
    const res = await request.post('/api/cms/config', { headers, data: { pricing: { contest_entry_cost: before.pricing.contest_entry_cost, radio_upload_cost: before.pricing.radio_upload_cost } } });
    expect(res.status()).toBe(200);
  }
});

test('amounts a super admin sets are the ones a new user is told: the sign-up grant on /auth, the daily token on /welcome, home and its toast', async ({ page, request }) => {
  // The grants are the super admins' (an admin is refused them).
  const headers = await adminToken(request, 'superadmin@demo.test');
  const before = (await (await request.get('/api/cms/config', { headers })).json()) as { pricing: { signup_grant: number; daily_drip: number } };
  expect((await request.post('/api/cms/config', { headers, data: { pricing: { signup_grant: 60, daily_drip: 3 } } })).status()).toBe(200);
  try {
    await page.goto('/auth?mode=signup');
    await expect(page.getByText('Get 60 tokens and a free week of unlimited voting.')).toBeVisible();
    const user = newUser('amounts');
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign Up & Get 60 Tokens' }).click();
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(page.getByTestId('welcome-balance')).toHaveText('60 tokens');
    await expect(page.getByText('plus 3 tokens daily')).toBeVisible();

    await page.goto('/');
    await expect(page.getByText('Claim 3 free tokens every day (resets at midnight UTC).')).toBeVisible();
    await page.getByRole('button', { name: 'Claim Daily Token' }).click();
    await expect(page.getByText('+3 tokens added to your balance')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Claimed today' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your daily tokens' })).toBeVisible();

    // Set to 0, the daily token is off and the sign-up names no tokens.
    expect((await request.post('/api/cms/config', { headers, data: { pricing: { signup_grant: 0, daily_drip: 0 } } })).status()).toBe(200);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Token Migration' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Your daily/ })).toHaveCount(0);
    await page.goto('/welcome');
    await expect(page.getByTestId('welcome-balance')).toHaveText('63 tokens');
    await expect(page.getByText(/daily$/)).toHaveCount(0);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByText('Signed out successfully')).toBeVisible();
    await page.goto('/auth?mode=signup');
    await expect(page.getByText('Get a free week of unlimited voting.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign Up', exact: true })).toBeVisible();
  } finally {
    const res = await request.post('/api/cms/config', { headers, data: { pricing: { signup_grant: before.pricing.signup_grant, daily_drip: before.pricing.daily_drip } } });
    expect(res.status()).toBe(200);
  }
});

test('a super admin sees System Configuration with the migration settings; an admin has no Config tab', async ({ page, browser }) => {
  await openCms(page, 'superadmin@demo.test');
  await page.getByRole('tab', { name: 'Config' }).click();
  const form = page.getByRole('form', { name: 'System Configuration' });
  await expect(page.getByRole('heading', { name: 'System Configuration' })).toBeVisible();
  await expect(form.getByLabel('Migration user threshold')).toHaveValue(/^\d+$/);
  await expect(form.getByLabel('Migration enabled')).toBeVisible();
  await expect(form.getByLabel('Marketplace featured')).toBeVisible();

  const context = await browser.newContext();
  const adminPage = await context.newPage();
  await openCms(adminPage, 'admin@demo.test');
  await expect(adminPage.getByRole('tab', { name: 'Token Economy' })).toBeVisible();
  await expect(adminPage.getByRole('tab', { name: 'Config' })).toHaveCount(0);
  await expect(adminPage.getByLabel('Migration user threshold')).toHaveCount(0);
  await context.close();
});

test('Overview: weekly changes, quick actions open their tabs with the focus in them, Export Reports downloads CSV', async ({ page }) => {
  await openCms(page, 'admin@demo.test');
  await expect(page.getByTestId('week-total_users')).toHaveText(/^[+-]?\d[\d,]* this week$/);

  const quick = page.getByRole('region', { name: 'Quick Actions' });
  const goBack = () => page.getByRole('tab', { name: 'Overview' }).click();
  for (const [action, tab] of [
    ['View All Users', 'Users & Roles'],
    ['Moderate Submissions', 'Contest'],
    ['Send Email Campaign', 'Email System'],
  ] as const) {
    // By keyboard: the focus goes on into the section opened, not to the page's body.
    await quick.getByRole('button', { name: action }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: tab })).toBeFocused();
    await goBack();
  }

  await quick.getByRole('button', { name: 'Export Reports' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export Reports' });
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Users CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await download.path())!, 'utf8');
  // UTF-8's byte order mark first (Excel), then the header.
  expect(text.startsWith('\uFEFF')).toBe(true);
  expect(text.slice(1).split('\r\n')[0]).toBe('id,username,full_name,email,roles,balance,migration_status,wallet_address,created_at');
  expect(text).toContain('admin@demo.test');

  await dialog.getByLabel('From').fill('2020-01-01');
  await dialog.getByLabel('To').fill('2099-12-31');
  const [ledger] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Token ledger CSV' }).click()]);
  expect(ledger.suggestedFilename()).toMatch(/^ledger-.*\.csv$/);
  expect((await readFile((await ledger.path())!, 'utf8')).slice(1).split('\r\n')[0]).toBe('id,created_at,user_id,delta,reason,ref,balance_after,note');
});
