import { expect, test } from './fixtures';
import { balancePill } from './helpers';

test('Google sign-in (Auth emulator account) creates the account once and lands on welcome', async ({ page }) => {
  const email = `gfan${Date.now().toString(36)}@gmail.test`;
  const chooseGoogleAccount = async () => {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.getByLabel('Google email').fill(email);
    await page.getByLabel('Display name').fill('Google Fan');
    await page.getByRole('button', { name: 'Sign in with Google.com' }).click();
    await expect(page).toHaveURL(/\/welcome$/);
  };
  await chooseGoogleAccount();
  await expect(page.getByTestId('welcome-balance')).toHaveText('50 tokens');
  await expect(page.getByText('Google Fan').first()).toBeVisible();
  await expect(page.getByLabel('Affiliate link')).toHaveValue(/\/gfan/);

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText('Signed out successfully')).toBeVisible();
  await chooseGoogleAccount();
  await expect(balancePill(page)).toHaveText('50 tokens');
});
