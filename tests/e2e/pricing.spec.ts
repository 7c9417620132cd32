import { expect, test } from './fixtures';
import { balancePill, newUser, signUp } from './helpers';

test('shows the four packs with per-token prices', async ({ page }) => {
  await page.goto('/pricing');
  await expect(page.getByTestId('pack-starter')).toContainText('$4.99');
  await expect(page.getByTestId('pack-starter')).toContainText('$0.100 per token');
  await expect(page.getByTestId('pack-pro')).toContainText('Most Popular');
  await expect(page.getByTestId('pack-pro')).toContainText('Save $2');
  await expect(page.getByTestId('pack-premium')).toContainText('Save $5');
  await expect(page.getByTestId('pack-ultimate')).toContainText('$0.075 per token');
  await expect(page.getByTestId('pack-ultimate')).toContainText('Save $25');
  await expect(page.getByRole('heading', { name: 'How Tokens Work' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'New User Bonus' })).toBeVisible();
  await expect(page.getByText('Claim 1 more token every day and earn 10 tokens for every friend you refer.')).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: '1 token per day, claimed on the home page' })).toBeVisible();
  // Four buttons read 'Buy': a screen reader tells them apart by their pack.
  for (const [id, name] of [['starter', 'Starter'], ['pro', 'Pro'], ['premium', 'Premium'], ['ultimate', 'Ultimate']] as const)
    await expect(page.getByTestId(`pack-${id}`).getByRole('button', { name: 'Buy' })).toHaveAccessibleDescription(name);
});

test('buying while signed out asks to sign in, and the sign-in returns to the packs', async ({ page }) => {
  await page.goto('/pricing');
  await page.getByTestId('pack-starter').getByRole('button', { name: 'Buy' }).click();
  await expect(page.getByText('Please sign in to purchase tokens')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\?next=%2Fpricing$/);
  await page.getByLabel('Email').fill('listener@demo.test');
  await page.getByLabel('Password').fill('demo1234');
  await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByTestId('pack-starter')).toBeVisible();
});

test('a new user buys Starter through the local checkout (which fits a phone) and sees the tokens', async ({ page }) => {
  await signUp(page, newUser('buyer'));
  await expect(balancePill(page)).toHaveText('50 tokens');
  await page.goto('/pricing');
  // Left with Cancel: back on /pricing, which says nothing was charged.
  await page.getByTestId('pack-starter').getByRole('button', { name: 'Buy' }).click();
  await expect(page).toHaveURL(/\/api\/payments\/local-checkout\/cs_local_\w+$/);
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/pricing\?checkout=cancelled$/);
  await expect(page.getByRole('status').filter({ hasText: 'Checkout cancelled. Nothing was charged.' })).toBeVisible();
  await expect(balancePill(page)).toHaveText('50 tokens');

  await page.goto('/pricing');
  await expect(page.getByText('Checkout cancelled. Nothing was charged.')).toHaveCount(0);
  await page.getByTestId('pack-starter').getByRole('button', { name: 'Buy' }).click();
  await expect(page).toHaveURL(/\/api\/payments\/local-checkout\/cs_local_\w+$/);
  await expect(page.getByText('Starter pack')).toBeVisible();
  // It fits a phone's width.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: 'Pay $4.99' }).click();
  await expect(page).toHaveURL(/\/pricing\/success\?session_id=cs_local_\w+$/);
  await expect(page.getByRole('heading', { name: 'Payment successful!' })).toBeVisible();
  await expect(page.getByText('50 tokens were added to your balance.')).toBeVisible();
  await expect(balancePill(page)).toHaveText('100 tokens');
});

test('offline, /pricing says buying needs a connection, and Buy gives that as the reason, not support', async ({ page, context }) => {
  await signUp(page, newUser('offpack'));
  await page.goto('/pricing');
  await expect(page.getByText('Buying needs a connection. You are offline.')).toHaveCount(0);
  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: 'Buying needs a connection. You are offline.' })).toBeVisible();
  await page.getByTestId('pack-starter').getByRole('button', { name: 'Buy' }).click();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Failed to initiate payment' });
  await expect(toast).toContainText('You are offline. Try again when you are back online.');
  await expect(toast).not.toContainText('contact support');
  await context.setOffline(false);
  await expect(page.getByText('Buying needs a connection. You are offline.')).toHaveCount(0);
});

test('the success page without a checkout claims nothing; with an unknown one it says so', async ({ page }) => {
  await signUp(page, newUser('nocheckout'));
  await page.goto('/pricing/success');
  await expect(page.getByRole('heading', { level: 1, name: 'No purchase to confirm' })).toBeVisible();
  await expect(page.getByText('Payment successful!')).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);

  await page.goto('/pricing/success?session_id=cs_local_doesnotexist');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout not found' })).toBeVisible();
  await expect(page.getByText('We could not find this checkout. Your balance updates as soon as the payment is confirmed.')).toBeVisible();
  await expect(page.getByText('Adding your tokens…')).toHaveCount(0);
  await expect(page.getByText('Payment successful!')).toHaveCount(0);
});

test('the success page opened for a checkout that was never paid does not call it a success, and stops asking after a minute', async ({ page }) => {
  await signUp(page, newUser('unpaid'));
  await page.goto('/pricing');
  await page.getByTestId('pack-pro').getByRole('button', { name: 'Buy' }).click();
  await expect(page).toHaveURL(/\/api\/payments\/local-checkout\/cs_local_\w+$/);
  const sessionId = /cs_local_\w+$/.exec(page.url())![0];
  await page.clock.install();
  await page.goto(`/pricing/success?session_id=${sessionId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirming your payment' })).toBeVisible();
  await expect(page.getByText('Adding your tokens…')).toBeVisible();
  await page.clock.fastForward(61_000);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment not confirmed' })).toBeVisible();
  await expect(page.getByText('This checkout has not been paid.', { exact: false })).toBeVisible();
  await expect(page.getByText('Payment successful!')).toHaveCount(0);
  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Confirming your payment' })).toBeVisible();
  await expect(balancePill(page)).toHaveText('50 tokens');
});
