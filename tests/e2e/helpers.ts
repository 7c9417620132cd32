import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_PORTS } from '../../playwright.config';

let counter = 0;
/** A username unique to this run (3-20 chars, lower case). */
export const uniqueName = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-5)}${counter++}`.slice(0, 20);

export type NewUser = { username: string; email: string; password: string; coupon?: string };

export const newUser = (prefix: string): NewUser => {
  const username = uniqueName(prefix);
  return { username, email: `${username}@e2e.test`, password: 'secret123' };
};

/** Fills the sign-up form on /auth (already open, in sign-up mode) and submits. */
export async function fillSignUp(page: Page, user: NewUser): Promise<void> {
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  if (user.coupon) await page.getByLabel(/Coupon code/).fill(user.coupon);
  await page.getByRole('button', { name: 'Sign Up & Get 50 Tokens' }).click();
}

export async function signUp(page: Page, user: NewUser): Promise<void> {
  await page.goto('/auth?mode=signup');
  await fillSignUp(page, user);
  await expect(page.getByText('Account created! Check your email to verify 🎉')).toBeVisible();
  await expect(page).toHaveURL(/\/welcome$/);
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
  await expect(page.getByText('Welcome back!')).toBeVisible();
}

export const balancePill = (page: Page) => page.getByTestId('balance-pill').first();

type OobCode = { email: string; requestType: string; oobLink: string };

/**
 * The newest email-verification link the Auth emulator recorded for `email` (its out-of-band
 * codes endpoint stands in for the mailbox). Waits for it: the app sends it right after sign-up.
 */
export async function verificationLink(request: APIRequestContext, email: string): Promise<string> {
  const url = `http://127.0.0.1:${E2E_PORTS.auth}/emulator/v1/projects/demo-foolrate/oobCodes`;
  let link: string | undefined;
  await expect
    .poll(async () => {
      const { oobCodes } = (await (await request.get(url)).json()) as { oobCodes: OobCode[] };
      link = oobCodes.filter((c) => c.email === email && c.requestType === 'VERIFY_EMAIL').at(-1)?.oobLink;
      return link;
    })
    .toBeTruthy();
  return link!;
}

/** An ID token from the Auth emulator's REST API (the same call the client SDK makes). */
export async function idToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const url = `http://127.0.0.1:${E2E_PORTS.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`;
  const res = await request.post(url, { data: { email, password, returnSecureToken: true } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { idToken: string }).idToken;
}
