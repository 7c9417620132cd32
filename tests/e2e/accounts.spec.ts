import { PASSWORD_MSG, VERIFY_MSG } from '../../common/messages';
import { WALLET_KEY_MESSAGE } from '../../common/schemas';
import { malformedSolanaWallet, solanaWallet } from '../api/wallets';
import { expect, test, type Page } from './fixtures';
import { balancePill, e2eFirestore, fillSignUp, newUser, signIn, signUp, uniqueName, waitForMail } from './helpers';

/** The sign-up form's help under Username. */
const USERNAME_HINT = '3 to 20 characters: letters, digits and underscore.';

test('sign-up lands on the welcome page with 50 tokens', async ({ page }) => {
  const user = newUser('fresh');
  await signUp(page, user);
  await expect(page.getByTestId('welcome-balance')).toHaveText('50 tokens');
  // No referrer: the page asks for the verification without promising anyone a reward.
  await expect(page.getByTestId('email-status')).toHaveText(`${VERIFY_MSG.pending}${VERIFY_MSG.resend}`);
  await expect(page.getByText('plus 1 token daily')).toBeVisible();
  await expect(page.getByLabel('Affiliate link')).toHaveValue(new RegExp(`/${user.username}$`));
  await expect(balancePill(page)).toHaveText('50 tokens');
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Affiliate link copied!')).toBeVisible();
});

test('the welcome is celebrated once: a later visit, or a day-old account on a new device, gets its balance without confetti', async ({ page, browser }) => {
  const user = newUser('twice');
  await signUp(page, user);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(`Welcome, ${user.username}! 🎉`);
  await expect(page.getByText('Your account is ready. Here is your welcome bonus.')).toBeVisible();
  await expect(page.locator('canvas[aria-hidden="true"]')).toHaveCount(1);
  await page.reload();
  await expect(heading).toHaveText(`Welcome back, ${user.username}!`);
  await expect(page.getByText('Here is your balance.')).toBeVisible();
  await expect(page.getByTestId('welcome-balance')).toHaveText('50 tokens');
  await expect(page.locator('canvas')).toHaveCount(0);

  // The same account two days on, signing in on another device (as Google sign-ins land here).
  const db = await e2eFirestore();
  const profile = (await db.collection('profiles').where('username', '==', user.username).get()).docs[0]!;
  await profile.ref.update({ created_at: new Date(Date.now() - 2 * 24 * 3600_000).toISOString() });
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, user.email, user.password);
  await otherPage.goto('/welcome');
  await expect(otherPage.getByRole('heading', { level: 1 })).toHaveText(`Welcome back, ${user.username}!`);
  await expect(otherPage.locator('canvas')).toHaveCount(0);
  await other.close();
});

test('a taken username is refused with "Username already taken"', async ({ page }) => {
  await page.goto('/auth?mode=signup');
  await fillSignUp(page, { username: 'artist', email: 'someone-new@e2e.test', password: 'secret123' });
  await expect(page.locator('[data-sonner-toast]').getByText('Username already taken')).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
  await expectFieldRefused(page, 'Username', 'Username already taken', USERNAME_HINT);
  // Editing the field clears its error.
  await page.getByLabel('Username').fill('artist_two');
  await expect(page.getByLabel('Username')).not.toHaveAttribute('aria-invalid');
});

test('a taken email is refused with "Email already in use", on the Email field', async ({ page }) => {
  await page.goto('/auth?mode=signup');
  await fillSignUp(page, { username: uniqueName('mailtaken'), email: 'admin@demo.test', password: 'secret123' });
  await expect(page.locator('[data-sonner-toast]').getByText('Sign up failed')).toBeVisible();
  await expect(page.locator('[data-sonner-toast]').getByText('Email already in use')).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
  await expectFieldRefused(page, 'Email', 'Email already in use');
  await page.getByLabel('Email').fill('someone-else@e2e.test');
  await expect(page.getByLabel('Email')).not.toHaveAttribute('aria-invalid');
});

/**
 * The field is marked invalid, described by its error (shown under it) and then its hint, and has
 * the keyboard; its name is its label alone.
 */
async function expectFieldRefused(page: Page, label: string, message: string, hint?: string) {
  const field = page.getByLabel(label);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleName(label);
  await expect(field).toHaveAccessibleDescription(hint ? `${message} ${hint}` : message);
  await expect(field).toBeFocused();
}

test('an empty username is refused with "Username is required"', async ({ page }) => {
  await page.goto('/auth?mode=signup');
  await page.getByLabel('Email').fill('nouser@e2e.test');
  await page.getByLabel('Password').fill('secret123');
  await page.getByRole('button', { name: 'Sign Up & Get 50 Tokens' }).click();
  await expect(page.locator('[data-sonner-toast]').getByText('Username is required')).toBeVisible();
  await expectFieldRefused(page, 'Username', 'Username is required', USERNAME_HINT);
});

test('a password too short is refused with "Sign up failed" and the reason, without the API\'s field name', async ({ page }) => {
  await page.goto('/auth?mode=signup');
  await fillSignUp(page, { username: 'shortpass', email: 'shortpass@e2e.test', password: '123' });
  await expect(page.getByText('Sign up failed')).toBeVisible();
  await expect(page.locator('[data-sonner-toast]').getByText('Password must be at least 6 characters', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
  await expectFieldRefused(page, 'Password', 'Password must be at least 6 characters');
});

test('sign in goes home after a moment, sign out signs out', async ({ page }) => {
  await signIn(page, 'listener@demo.test', 'demo1234');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Leo Listener').first()).toBeVisible();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText('Signed out successfully')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
});

test('a link clicked in the half second before the redirect home is followed, not overridden', async ({ page }) => {
  // The page's clock is held from just before signing in, so the click surely lands inside the
  // redirect's half second however slow the machine; then time runs on past it.
  await page.clock.install();
  await page.goto('/auth');
  await page.getByLabel('Email').fill('listener@demo.test');
  await page.getByLabel('Password').fill('demo1234');
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
  // Signed in: the redirect home is pending (the toast waits for the clock too).
  await expect(balancePill(page)).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Marketplace' }).click();
  await expect(page).toHaveURL(/\/marketplace$/);
  await page.clock.runFor(2_000); // the redirect's timer is due
  await page.clock.resume();
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(page).toHaveURL(/\/marketplace$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Marketplace');
});

test('a wrong password shows "Sign in failed", and the keyboard stays on the button', async ({ page }) => {
  await page.goto('/auth');
  await page.getByLabel('Email').fill('listener@demo.test');
  await page.getByLabel('Password').fill('wrong-password');
  const submit = page.getByRole('button', { name: 'Sign In', exact: true }).last();
  await submit.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Sign in failed')).toBeVisible();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  // Busy, the button was aria-disabled, not disabled: a disabled one dropped the focus to the page.
  await expect(submit).toBeFocused();
});

test('admins see the infinity pill, their badge and the CMS link', async ({ page }) => {
  await signIn(page, 'superadmin@demo.test', 'demo1234');
  await expect(balancePill(page)).toHaveText('∞');
  await expect(page.getByText('SUPER ADMIN').first()).toBeVisible();
  await page.getByRole('link', { name: 'CMS' }).first().click();
  await expect(page.getByText('Opening CMS…')).toBeVisible();
});

test('a coupon at sign-up is redeemed', async ({ page }) => {
  await signUp(page, { ...newUser('coupon'), coupon: 'welcome25' });
  await expect(page.getByText('Coupon Redeemed!')).toBeVisible();
  await expect(page.getByTestId('welcome-balance')).toHaveText('75 tokens');
});

test('an invalid coupon says so and the account still gets its 50 tokens', async ({ page }) => {
  await signUp(page, { ...newUser('badcpn'), coupon: 'NOTACOUPON' });
  await expect(page.getByText('Invalid Coupon')).toBeVisible();
  await expect(page.getByTestId('welcome-balance')).toHaveText('50 tokens');
});

test('a coupon from an email is redeemed on the welcome page, once', async ({ page }) => {
  await signUp(page, newUser('cpnlater'));
  await expect(page.getByTestId('welcome-balance')).toHaveText('50 tokens');
  const code = page.getByRole('textbox', { name: 'Coupon code' });
  await code.fill('welcome25');
  await code.press('Enter');
  await expect(page.getByText('Coupon Redeemed!')).toBeVisible();
  await expect(page.getByText('25 tokens added to your balance')).toBeVisible();
  await expect(page.getByTestId('welcome-balance')).toHaveText('75 tokens');
  await expect(code).toHaveValue('');
  // The same code again: refused, said at the field, which keeps the focus; the balance stays.
  await code.fill('WELCOME25');
  await page.getByRole('button', { name: 'Redeem' }).click();
  await expect(page.getByText('Invalid Coupon')).toBeVisible();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(code).toHaveAccessibleDescription('Coupon code is invalid');
  await expect(code).toBeFocused();
  await expect(page.getByTestId('welcome-balance')).toHaveText('75 tokens');
});

test('the daily token is granted once per day', async ({ page }) => {
  await signUp(page, newUser('daily'));
  await page.goto('/');
  await expect(page.getByText('Sign up now and get FREE UNLIMITED VOTING for your first week')).toBeVisible();
  await expect(page.getByText('Claim 1 free token every day (resets at midnight UTC).')).toBeVisible();
  // By keyboard: the button keeps the focus as it turns into 'Claimed today'.
  await page.getByRole('button', { name: 'Claim Daily Token' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Daily Token Claimed! 🎁')).toBeVisible();
  await expect(page.getByText('+1 token added to your balance')).toBeVisible();
  await expect(balancePill(page)).toHaveText('51 tokens');
  // The toast shows below the bar, so the balance it announces stays in view.
  const bar = (await page.getByRole('banner').boundingBox())!;
  // Once its slide-in has ended.
  await expect.poll(async () => (await page.locator('[data-sonner-toast]').first().boundingBox())!.y).toBeGreaterThanOrEqual(bar.y + bar.height);
  const claimed = page.getByRole('button', { name: 'Claimed today' });
  await expect(claimed).toBeDisabled();
  await expect(claimed).toBeFocused();
  await expect(page.getByText('Sign up now and get FREE UNLIMITED VOTING for your first week')).toBeHidden();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Claimed today' })).toBeDisabled();
  await expect(balancePill(page)).toHaveText('51 tokens');
});

test('the wallet address can be saved once, then it is locked', async ({ page }) => {
  await signUp(page, newUser('wallet'));
  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  // A refused address: the spec's title, and the reason without the field name the API prefixes.
  await page.getByLabel('Wallet address').fill('not-a-wallet!');
  await save.click();
  await expect(page.getByText('Failed to save wallet address')).toBeVisible();
  await expect(page.getByText('Wallet address may contain only letters and digits', { exact: true })).toBeVisible();
  // Solana's form, but not a key the chain would take (the address locks once saved).
  await page.getByLabel('Wallet address').fill(malformedSolanaWallet);
  await save.click();
  await expect(page.getByText(WALLET_KEY_MESSAGE, { exact: true })).toBeVisible();
  await expect(page.getByLabel('Wallet address')).toBeEnabled();
  await page.getByLabel('Wallet address').fill(solanaWallet('e2e-wallet'));
  await save.click();
  await expect(page.getByText('Wallet address saved!')).toBeVisible();
  await expect(page.getByLabel('Wallet address')).toBeDisabled();
  await expect(page.getByText('Locked')).toBeVisible();
});

test('a forgotten password: Forgot password? mails a link, the link sets a new password once, and the new one signs in', async ({ page, request }) => {
  const user = newUser('forgot');
  expect((await request.post('/api/accounts/signup', { data: { username: user.username, email: user.email, password: user.password } })).status()).toBe(201);
  await page.goto('/auth');
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('link', { name: PASSWORD_MSG.forgot }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  // The address typed on the sign-in form comes along; the form works by keyboard.
  await expect(page.getByLabel('Email')).toHaveValue(user.email);
  await page.getByLabel('Email').press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'a link to reset its password is on its way' })).toHaveText(PASSWORD_MSG.sent(user.email));
  // An address nobody has gets the same answer (the page tells no one who has an account).
  await page.getByLabel('Email').fill(`nobody-${user.email}`);
  await page.getByRole('button', { name: PASSWORD_MSG.send }).click();
  await expect(page.getByText(PASSWORD_MSG.sent(`nobody-${user.email}`))).toBeVisible();

  const mail = await waitForMail(request, user.email, /^Reset your Fool Rate password$/);
  const link = /https?:\/\/\S*\/reset-password\?code=\S+/.exec(mail.text)?.[0];
  expect(link, 'a reset link in the mail').toBeTruthy();
  expect(new URL(link!).origin).toBe(new URL(page.url()).origin);
  await page.goto(link!);
  await expect(page.getByText(PASSWORD_MSG.chooseIntro(user.email))).toBeVisible();
  const field = page.getByLabel('New password');
  await field.fill('short');
  await field.press('Enter');
  await expect(field).toHaveAccessibleDescription('Password must be at least 6 characters At least 6 characters.');
  await expect(field).toBeFocused();
  await field.fill('brand-new-secret');
  await field.press('Enter');
  await expect(page.getByText(PASSWORD_MSG.saved)).toBeVisible();
  await expect(page).toHaveURL(/\/auth\?mode=signin$/);

  // The old password no longer signs in; the new one does.
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
  await expect(page.getByText('Sign in failed')).toBeVisible();
  await signIn(page, user.email, 'brand-new-secret');

  // The link works once.
  await page.goto(link!);
  await expect(page.getByRole('alert').filter({ hasText: PASSWORD_MSG.badLink })).toBeVisible();
  await page.getByRole('link', { name: PASSWORD_MSG.askAgain }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
});
