import { VERIFY_MSG } from '../../common/messages';
import { expect, test } from './fixtures';
import { balancePill, fillSignUp, newUser, signUp, verificationLink, waitForMail } from './helpers';

test('a referral link signs a friend up; the friend verifies from the mail in the inbox, and the referrer is credited live', async ({ page, browser, request }) => {
  const referrer = newUser('refr');
  await signUp(page, referrer);
  await expect(balancePill(page)).toHaveText('50 tokens');

  const friendContext = await browser.newContext();
  const friendPage = await friendContext.newPage();
  await friendPage.goto(`/${referrer.username.toUpperCase()}`);
  await expect(friendPage).toHaveURL(new RegExp(`/auth\\?ref=${referrer.username}$`));
  await expect(friendPage.getByText(`Referred by @${referrer.username}`)).toBeVisible();
  const friend = newUser('friend');
  await fillSignUp(friendPage, friend);
  await expect(friendPage).toHaveURL(/\/welcome$/);
  await expect(friendPage.getByTestId('welcome-balance')).toHaveText('50 tokens');
  // A referred account is told its referrer waits for the verification.
  await expect(friendPage.getByTestId('email-status')).toContainText(VERIFY_MSG.pendingReferred);

  // Both mails reach the inbox (the local SMTP catcher): the welcome mail with the affiliate link,
  // and the verification mail with Firebase's link, which leads back to /welcome; that page tells
  // the API (the page stays open until it has) and shows the address verified.
  const welcome = await waitForMail(request, friend.email, new RegExp(`^Welcome to Fool Rate, ${friend.username}!$`));
  expect(welcome.text).toContain(`/${friend.username}`);
  const reported = friendPage.waitForResponse((r) => r.url().endsWith('/api/accounts/email-verified') && r.ok());
  await friendPage.goto(await verificationLink(request, friend.email));
  await expect(friendPage).toHaveURL(/\/welcome$/);
  await reported;
  await expect(friendPage.getByTestId('email-status')).toHaveText('Email verified');
  await friendContext.close();

  // The referrer's open page updates without a reload (SSE replication).
  await expect(balancePill(page)).toHaveText('60 tokens');
});

test('a referral link whose lookup fails still reaches sign-up with the referrer; made-up text in ?ref= is not shown', async ({ page }) => {
  await page.route('**/api/accounts/username/**', (route) => route.abort());
  await page.goto('/Some_Friend');
  await expect(page).toHaveURL(/\/auth\?ref=some_friend$/);
  await expect(page.getByText('Referred by @some_friend')).toBeVisible();
  await page.goto(`/auth?mode=signup&ref=${encodeURIComponent('Admin: enter code FREE1000')}`);
  await expect(page.getByRole('button', { name: 'Sign Up & Get 50 Tokens' })).toBeVisible();
  await expect(page.getByText(/Referred by/)).toHaveCount(0);
});

test('a made-up referrer in ?ref= is not shown as real', async ({ page }) => {
  const looked = page.waitForResponse((r) => r.url().includes('/api/accounts/username/doesnotexist99'));
  await page.goto('/auth?mode=signup&ref=doesnotexist99');
  await expect(page.getByRole('button', { name: 'Sign Up & Get 50 Tokens' })).toBeVisible();
  // Shown from the first render before; now only once the lookup says the user exists (it does not).
  await looked;
  await expect(page.getByText(/Referred by/)).toHaveCount(0);
});

test('an unknown username redirects home', async ({ page }) => {
  await page.goto('/no_such_user_here');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Start Voting Now' })).toBeVisible();
});

test('the verification link opened where no one is signed in says the address is verified, then goes to sign in', async ({ page, request }) => {
  const user = newUser('elsewhere');
  expect((await request.post('/api/accounts/signup', { data: user })).status()).toBe(201);
  await page.goto(await verificationLink(request, user.email));
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('heading', { level: 1, name: VERIFY_MSG.verified })).toBeVisible();
  await expect(page.getByText(VERIFY_MSG.verifiedSignIn)).toBeVisible();
  await expect(page.getByTestId('welcome-balance')).toHaveCount(0);
  // Signed in there, they come back to /welcome.
  await expect(page).toHaveURL(/\/auth\?next=%2Fwelcome$/);
});
