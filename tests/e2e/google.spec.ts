import { expect, test } from './fixtures';
import { E2E_PORTS } from '../../playwright.config';
import { balancePill, bearer, uniqueName } from './helpers';

test('Google sign-in (Auth emulator account) creates the account once and lands on welcome; returning, it goes where sign-in was asked for', async ({ page }) => {
  const email = `gfan${Date.now().toString(36)}@gmail.test`;
  const chooseGoogleAccount = async (from: string, lands: RegExp) => {
    await page.goto(from);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.getByLabel('Google email').fill(email);
    await page.getByLabel('Display name').fill('Google Fan');
    await page.getByRole('button', { name: 'Sign in with Google.com' }).click();
    await expect(page).toHaveURL(lands);
  };
  await chooseGoogleAccount('/auth', /\/welcome$/);
  await expect(page.getByTestId('welcome-balance')).toHaveText('50 tokens');
  await expect(page.getByText('Google Fan').first()).toBeVisible();
  await expect(page.getByLabel('Affiliate link')).toHaveValue(/\/gfan/);

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText('Signed out successfully')).toBeVisible();
  // The order mail's link, opened signed out: back on /orders once signed in, with the same account.
  await chooseGoogleAccount('/orders', /\/orders$/);
  await expect(balancePill(page)).toHaveText('50 tokens');
});

test('a coupon typed on the sign-up form is redeemed when the account comes through Google', async ({ page }) => {
  await page.goto('/auth?mode=signup');
  await page.getByLabel(/Coupon code/).fill('welcome25');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await page.getByLabel('Google email').fill(`gcpn${Date.now().toString(36)}@gmail.test`);
  await page.getByLabel('Display name').fill('Coupon Fan');
  await page.getByRole('button', { name: 'Sign in with Google.com' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByText('Coupon Redeemed!')).toBeVisible();
  await expect(page.getByTestId('welcome-balance')).toHaveText('75 tokens');
});

test('an account made straight through Firebase Auth (not the sign-up form) gets no profile or tokens from the Google path', async ({ request }) => {
  // Firebase Auth's public sign-up call, as anyone with the web API key can make it: a password
  // account, and an anonymous one, that skipped the sign-up form and its per-IP limit.
  const signUpUrl = `http://127.0.0.1:${E2E_PORTS.auth}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`;
  const password = await request.post(signUpUrl, { data: { email: `${uniqueName('direct')}@example.test`, password: 'secret123', returnSecureToken: true } });
  const anonymous = await request.post(signUpUrl, { data: { returnSecureToken: true } });
  for (const made of [password, anonymous]) {
    expect(made.ok()).toBe(true);
    const { idToken } = (await made.json()) as { idToken: string };
    const res = await request.post('/api/accounts/ensure-profile', { headers: bearer(idToken), data: {} });
    expect(res.status()).toBe(403);
    expect(await res.json()).toMatchObject({ error: { message: 'Create your account with the sign-up form' } });
    expect((await request.get('/api/me', { headers: bearer(idToken) })).status()).toBe(404);
  }
});
