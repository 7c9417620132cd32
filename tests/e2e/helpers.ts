import { readFile, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { errors, expect, type APIRequestContext, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import type { Firestore } from 'firebase-admin/firestore';
import type { SongType } from '../../common/contest/contest';
import { E2E_PORTS } from '../../playwright.config';
import { runFfmpeg } from '../../scripts/lib/media';
import { disableMetadataProbe } from '../../scripts/lib/no-metadata-probe';

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

/**
 * Signs up on /auth. The account may then spend, as one that followed its verification link
 * (its spends are released behind the UI; its Auth record and its referrer are left as they are:
 * referral.spec and accounts.spec follow the real link); `{ unverified: true }` keeps the hold.
 */
export async function signUp(page: Page, user: NewUser, opts: { unverified?: boolean } = {}): Promise<void> {
  await page.goto('/auth?mode=signup');
  await fillSignUp(page, user);
  await expect(page.getByText('Account created! Check your email to verify 🎉')).toBeVisible();
  await expect(page).toHaveURL(/\/welcome$/);
  if (!opts.unverified) await releaseSpendsOf(user);
}

/**
 * What following the verification link does to the account's spending, without the link: the
 * balance document's hold lifted as functions/src/tokens/ledger.ts releaseSpends lifts it (the
 * functions' sources are CommonJS-packaged and not loaded into the test runner).
 */
export async function releaseSpendsOf(user: NewUser): Promise<void> {
  const db = await e2eFirestore();
  await db.collection('token_balances').doc(await uidOf(user)).set({ unverified: false, card_unspent: 0 }, { merge: true });
}

const API_REQUESTS = '**/api/**';
const refuse = (route: import('@playwright/test').Route) => route.abort('internetdisconnected');

/** The DevTools session that blocks the API in a page taken offline. */
const apiBlocks = new WeakMap<Page, CDPSession>();

/**
 * Takes the test's browser off the network, or puts it back. Chromium's offline emulation once
 * let a request through: a vote pushed while the page navigated away reached the server, though
 * the page saw the push fail (2 runs in 12). Refusing the API at Playwright's routing (which sees
 * the page's and the service worker's requests) did not close it: a push the route had just
 * aborted reached the server as the test navigated (1 run in 20). So each open page's renderer
 * also blocks the API itself (DevTools' blocked URLs: refused before the request leaves the page,
 * and kept across the page's navigations). That session must emulate the offline network too:
 * a session without it made every document the page opened after going offline see
 * `navigator.onLine` true, so the app sent the push it holds while offline (CI: 1 run in ~90).
 */
export async function setOnline(context: BrowserContext, online: boolean): Promise<void> {
  if (online) {
    // A session's blocked URLs last as long as the session: detaching it lifts them.
    await Promise.all(context.pages().map(async (page) => apiBlocks.get(page)?.detach()));
    context.pages().forEach((page) => apiBlocks.delete(page));
    await context.unroute(API_REQUESTS, refuse);
    await context.setOffline(false);
  } else {
    await context.setOffline(true);
    await context.route(API_REQUESTS, refuse);
    await Promise.all(
      context.pages().map(async (page) => {
        if (apiBlocks.has(page)) return;
        const cdp = await context.newCDPSession(page);
        apiBlocks.set(page, cdp);
        await cdp.send('Network.enable');
        await cdp.send('Network.setBlockedURLs', { urls: ['*/api/*'] });
        await cdp.send('Network.emulateNetworkConditions', { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      }),
    );
  }
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
  await expect(page.getByText('Welcome back!')).toBeVisible();
  // The app goes home half a second after the toast.
  await expect(page).toHaveURL(/\/$/);
}

export const balancePill = (page: Page) => page.getByTestId('balance-pill').first();

/** The stack's Firestore through the Admin SDK, for what a test reads or sets up behind the UI (loaded on first use). */
export async function e2eFirestore(): Promise<Firestore> {
  process.env.FIRESTORE_EMULATOR_HOST ??= `127.0.0.1:${E2E_PORTS.firestore}`;
  disableMetadataProbe();
  const [{ getApps, initializeApp }, { getFirestore }] = await Promise.all([import('firebase-admin/app'), import('firebase-admin/firestore')]);
  return getFirestore(getApps().find((a) => a.name === 'e2e') ?? initializeApp({ projectId: 'demo-foolrate' }, 'e2e'));
}

/** The uid of the user signed up as `user`. */
export async function uidOf(user: NewUser): Promise<string> {
  const profiles = await (await e2eFirestore()).collection('profiles').where('username', '==', user.username).get();
  return profiles.docs[0]!.id;
}

/** The arena's 'Track n of N'. */
export const trackPosition = (page: Page) => page.getByTestId('track-position');

/** What the reveal says of a guess. */
export const VERDICT = /^(Correct! 🎉|Not quite! It was (Human|AI|Hybrid)\.)$/;

/** Picks a guess in the arena and submits it. */
export async function guess(page: Page, type: 'AI' | 'Human' | 'Hybrid'): Promise<void> {
  await page.getByRole('group', { name: 'Your guess' }).getByRole('button', { name: type, exact: true }).click();
  await page.getByRole('button', { name: 'Submit Guess' }).click();
}

/**
 * After a reveal that is not the session's last: Next Track at once, instead of the 2 s the arena
 * waits before moving on by itself. If those ran out first there is nothing to click, and the
 * caller's next check of the track position says where the arena is.
 */
export async function nextTrack(page: Page): Promise<void> {
  await page
    .getByRole('button', { name: 'Next Track' })
    .click({ timeout: 1_000 })
    .catch((err: unknown) => {
      if (!(err instanceof errors.TimeoutError)) throw err;
    });
}

/** The type of the first track of the user's open session, read from Firestore (the page keeps it secret until the reveal). */
export async function firstAnswer(user: NewUser): Promise<SongType> {
  const db = await e2eFirestore();
  const sessionId = (await db.collection('user_vote_stats').doc(await uidOf(user)).get()).get('open_session_id') as string;
  const trackIds = (await db.collection('vote_sessions').doc(sessionId).get()).get('track_ids') as string[];
  return (await db.collection('tracks').doc(trackIds[0]!).get()).get('song_type') as SongType;
}

/**
 * A tone of `seconds` (mono mp3, 48 kb/s) at a pitch drawn at random, written to `file`: no other
 * call, in any spec on the shared stack, makes the same recording, and the contest takes one
 * entry per recording (functions/src/tracks/contest-audio.ts). `pitches` tones of equal length in
 * a row make a song whose waveform changes along it.
 */
export async function freshTone(file: string, seconds: number, pitches = 1): Promise<Buffer> {
  const base = 200 + Math.random() * 800;
  const inputs = Array.from({ length: pitches }, (_, i) => ['-f', 'lavfi', '-i', `sine=frequency=${(base * (1 + i / 4)).toFixed(3)}:duration=${seconds / pitches}`]).flat();
  const concat = pitches > 1 ? ['-filter_complex', `${Array.from({ length: pitches }, (_, i) => `[${i}:a]`).join('')}concat=n=${pitches}:v=0:a=1`] : [];
  await runFfmpeg([...inputs, ...concat, '-ac', '1', '-b:a', '48k', file]);
  return readFile(file);
}

/** On /submit: chooses the audio file and waits until the title is taken from its name, its waveform drawn and the slider usable. */
export async function chooseTrack(page: Page, file: string): Promise<void> {
  await page.getByLabel('Audio file').setInputFiles(file);
  await expect(page.getByLabel('Title')).toHaveValue(basename(file, extname(file)));
  await expect(page.getByTestId('waveform')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByLabel('Clip start')).toBeEnabled();
}


type CaughtMail = { id: string; subject: string; text: string; html: string; to: Array<{ address: string }>; headers: Record<string, string> };

/** The mails the local mail catcher (maildev, the stack's SMTP server) received for `email`, newest first. */
export async function inbox(request: APIRequestContext, email: string): Promise<CaughtMail[]> {
  const all = (await (await request.get(`http://127.0.0.1:${E2E_PORTS.mailWeb}/api/email`)).json()) as CaughtMail[];
  return all.filter((m) => m.to.some((t) => t.address.toLowerCase() === email.toLowerCase())).reverse();
}

/** A caught mail as it went over the wire (headers and MIME parts). */
export async function mailSource(request: APIRequestContext, id: string): Promise<string> {
  return (await request.get(`http://127.0.0.1:${E2E_PORTS.mailWeb}/api/email/${id}/source`)).text();
}

/** Waits for a mail to `email` whose subject matches, as it arrives in the catcher's inbox. */
export async function waitForMail(request: APIRequestContext, email: string, subject: RegExp): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(async () => (found = (await inbox(request, email)).find((m) => subject.test(m.subject))) !== undefined, { timeout: 20_000 })
    .toBe(true);
  return found!;
}

/** The verification link (Firebase's, from the Auth emulator) in the verification mail to `email`. */
export async function verificationLink(request: APIRequestContext, email: string): Promise<string> {
  const mail = await waitForMail(request, email, /^Verify your email/);
  const link = /https?:\/\/\S*mode=verifyEmail\S*/.exec(mail.text)?.[0];
  expect(link, 'a verification link in the mail').toBeTruthy();
  return link!;
}

/** The header that signs an API request in with `token` (an ID token, see idToken). */
export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** An ID token from the Auth emulator's REST API (the same call the client SDK makes). */
export async function idToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const url = `http://127.0.0.1:${E2E_PORTS.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`;
  // A new connection each time (as the e2e fixture's calls): a kept-alive one the emulator closes after 5 s idle can fail mid-send.
  const res = await request.post(url, { data: { email, password, returnSecureToken: true }, headers: { connection: 'close' } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { idToken: string }).idToken;
}

/**
 * Searches the CMS's user list and waits for the search's own rows: until then the old rows
 * stay (dimmed, aria-busy), and a row clicked as the new ones arrive may have moved under the
 * pointer.
 */
export async function searchUsers(page: Page, text: string): Promise<void> {
  const answered = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/cms/users' && new URL(res.url()).searchParams.get('q') === text);
  await page.getByRole('searchbox', { name: 'Search by username or email' }).fill(text);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await answered;
  await expect(page.getByRole('table')).not.toHaveAttribute('aria-busy');
}

/** Opens the purchase dialog of the listing titled `title` in the marketplace's `region`. */
export function openPurchase(page: Page, region: 'Featured Tracks' | 'All Listings', title: string): Promise<void> {
  return page.getByRole('region', { name: region }).getByTestId('listing-card').filter({ hasText: title }).first().getByRole('button', { name: 'Buy' }).click();
}

/**
 * Replaces a file the stack's Hosting serves (the production build in the stack's directory,
 * scripts/stack.ts) with what `change` makes of it, until the returned function puts it back: a
 * new deployment of that one file. For what the browser fetches out of Playwright's reach, such
 * as the worker script of a service worker's update check (routes do not see it). The stack is
 * shared: put the file back in an afterEach hook (which runs even after a timeout). The file as
 * built is kept beside it (a dot file, which Hosting does not serve) until it is put back, so a
 * run killed before its hook leaves the next one the built file, not its own change.
 */
export async function redeploy(path: string, change: (served: string) => string): Promise<() => Promise<void>> {
  const file = resolve(fileURLToPath(new URL('../..', import.meta.url)), process.env.STACK_DIR ?? '.local/e2e-stack', 'web', path);
  const kept = join(dirname(file), `.${basename(file)}.built`);
  const built = await readFile(kept, 'utf8').catch(async () => {
    const served = await readFile(file, 'utf8');
    await writeFile(kept, served);
    return served;
  });
  await writeFile(file, change(built));
  return async () => {
    await writeFile(file, built);
    await rm(kept, { force: true });
  };
}
