import { expect, test, type Page } from './fixtures';
import { mailSource, newUser, signIn, signUp, verificationLink, waitForMail } from './helpers';

/** The CMS Email System tab (issue 12): a test email, its log entry, a template edit with preview. The template select is found by role: a label's text would include its options. */

const ADMIN = 'admin@demo.test';

async function openEmailTab(page: Page) {
  await signIn(page, ADMIN, 'demo1234');
  await page.goto('/cms');
  await page.getByRole('tab', { name: 'Email System' }).click();
  await expect(page.getByRole('heading', { name: 'Email System' })).toBeVisible();
  await expect(page.getByText('An email service is connected')).toBeVisible();
  await expect(page.getByText('Sent to new users after signup')).toBeVisible();
  await expect(page.getByText('For promotional coupons')).toBeVisible();
}

test('an admin sends a test email, finds it in the logs, and edits a template with a live preview', async ({ page, request }) => {
  await openEmailTab(page);

  await page.getByRole('button', { name: 'Send Test Email' }).click();
  await expect(page.getByText(`Test email sent to ${ADMIN}`)).toBeVisible();
  const caught = await waitForMail(request, ADMIN, /^Test email from Fool Rate/);
  expect(caught.html).toContain('Fool Rate');

  await page.getByRole('button', { name: 'View Email Logs' }).click();
  const row = page.getByTestId('email-log-row').first();
  await expect(row).toContainText('Test email from Fool Rate');
  await expect(row).toContainText(ADMIN);
  await expect(row.getByText(/^(Pending|Sending|Sent|Failed)$/)).toBeVisible();

  await page.getByRole('button', { name: 'Configure Templates' }).click();
  await page.getByRole('combobox', { name: 'Template' }).selectOption({ label: 'Coupon Email' });
  const subject = page.getByLabel('Subject', { exact: true });
  await expect(subject).toHaveValue(/\{\{tokens\}\}/);
  await subject.fill('E2E gift: {{tokens}} tokens for {{username}}');
  await expect(page.getByTestId('preview-subject')).toHaveText('Subject: E2E gift: 50 tokens for listener42');
  const preview = page.frameLocator('iframe[title="Email preview"]');
  await expect(preview.getByText('SPRING50')).toBeVisible();
  await expect(page.locator('iframe[title="Email preview"]')).toHaveAttribute('sandbox', '');

  await subject.fill('Broken {{nope}}');
  await expect(page.getByRole('status').filter({ hasText: 'Unknown placeholder {{nope}}' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

  await subject.fill('E2E gift: {{tokens}} tokens');
  await expect(page.getByTestId('preview-subject')).toHaveText('Subject: E2E gift: 50 tokens');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Coupon Email saved')).toBeVisible();
  await expect(page.getByText('Edited', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Reset to default' }).click();
  await expect(page.getByText('Coupon Email reset to the default')).toBeVisible();
  await expect(subject).toHaveValue('A gift from Fool Rate: {{tokens}} free tokens');
});

test('Send Coupon Email asks for confirmation and refuses an unknown coupon', async ({ page }) => {
  await openEmailTab(page);
  await page.getByRole('button', { name: 'Send Coupon Email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Coupon Email' });
  await dialog.getByLabel('Coupon code').fill('no-such-coupon-e2e');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('Send to all subscribed users?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Send to all' }).click();
  await expect(page.getByText('Coupon NO-SUCH-COUPON-E2E does not exist')).toBeVisible();
  await expect(dialog.getByLabel('Coupon code')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('Email All Users sends a campaign with its progress; a user unsubscribes from its footer link', async ({ page, browser, request }) => {
  const reader = newUser('camp');
  const readerContext = await browser.newContext();
  const readerPage = await readerContext.newPage();
  await signUp(readerPage, reader);
  // Campaigns go to verified addresses only.
  await readerPage.goto(await verificationLink(request, reader.email));
  await expect(readerPage.getByTestId('email-status')).toHaveText('Email verified');

  await openEmailTab(page);
  await page.getByRole('button', { name: 'Email All Users' }).click();
  const dialog = page.getByRole('dialog', { name: 'Email All Users' });
  await dialog.getByLabel('Subject').fill(`E2E news for ${reader.username}`);
  await dialog.getByLabel('Body').fill('New songs are in the contest this week.');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('Send to all subscribed users?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Send to all' }).click();
  await expect(page.getByText(/^Campaign queued for \d+ users/)).toBeVisible();
  await expect(dialog.getByRole('progressbar', { name: 'Sent' })).toBeVisible();
  const [done, total] = (await dialog.getByTestId('campaign-count').innerText()).split(' / ').map(Number);
  expect(done).toBe(total);
  expect(total).toBeGreaterThan(1);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const mail = await waitForMail(request, reader.email, new RegExp(`^E2E news for ${reader.username}$`));
  const source = await mailSource(request, mail.id);
  expect(source).toMatch(/^List-Unsubscribe:\s+<http\S+\/api\/mail\/unsubscribe\?u=/m);
  expect(source).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
  const link = /https?:\/\/\S+\/unsubscribe\?\S+/.exec(mail.text)![0];
  await readerPage.goto(link);
  await expect(readerPage.getByText('Stop receiving campaign and promotional emails from Fool Rate?')).toBeVisible();
  await readerPage.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(readerPage.getByText('You are unsubscribed from campaign emails.')).toBeVisible();
  await readerPage.getByRole('button', { name: 'Subscribe again' }).click();
  await expect(readerPage.getByText('You will receive campaign emails again.')).toBeVisible();
  // The way out stays on offer.
  await readerPage.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(readerPage.getByText('You are unsubscribed from campaign emails.')).toBeVisible();
  await readerContext.close();
});
