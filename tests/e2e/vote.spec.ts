import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import { MSG } from '../../common/messages';
import type { VoteSessionView } from '../../common/contest/voting';
import { newVote } from '../../src/features/vote/session/new-vote';
import { expect, test, type Page } from './fixtures';
import { balancePill, bearer, e2eFirestore, guess, idToken, newUser, nextTrack, setOnline, signUp, trackPosition, uidOf, VERDICT, type NewUser } from './helpers';

/**
 * The voting arena against the real stack. Needs approved contest tracks (the demo seed has
 * at least 12); every test signs up a new listener, whose first session is free.
 */

const score = (page: Page) => page.getByTestId('vote-score');
const SAVED = 'saved, result when you are back online';

/** Opens /vote and returns how many tracks the new session has. */
async function openArena(page: Page): Promise<number> {
  await page.goto('/vote');
  await expect(trackPosition(page)).toHaveText(/^Track 1 of \d+$/, { timeout: 20_000 });
  const count = Number(/of (\d+)/.exec((await trackPosition(page).textContent()) ?? '')?.[1]);
  expect(count).toBeGreaterThanOrEqual(2);
  return count;
}

/** Plays the current clip until its clock moves (from Cache Storage when offline), then pauses. */
async function playClip(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Play clip' }).click();
  await expect(page.getByTestId('clip-player')).toHaveAttribute('data-playing', 'true');
  await expect(page.getByTestId('clip-elapsed')).not.toHaveText('0:00', { timeout: 15_000 });
  await page.getByRole('button', { name: 'Pause clip' }).click();
}

test('a listener hears a clip blind, guesses, sees the reveal and moves on', async ({ page }) => {
  await signUp(page, newUser('voter'));
  const count = await openArena(page);
  await expect(score(page)).toHaveText('0/0');
  await expect(page.getByTestId('mystery-cover')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit Guess' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();

  await playClip(page);
  // The OS media controls name no track before the reveal.
  const metadata = await page.evaluate(() => ({ title: navigator.mediaSession.metadata?.title, artist: navigator.mediaSession.metadata?.artist }));
  expect(metadata).toEqual({ title: 'Mystery track', artist: '' });

  await guess(page, 'Hybrid');
  const verdict = page.getByTestId('verdict');
  await expect(verdict).toHaveText(VERDICT);
  await expect(page.getByTestId('reveal-title')).not.toBeEmpty();
  await expect(page.getByTestId('reveal-artist')).not.toBeEmpty();
  await expect(page.getByTestId('song-type-badge')).toHaveText(/^(Human|AI|Hybrid)$/);
  await expect(page.getByTestId('cover-art')).toBeVisible();
  // How everyone else guessed this track: shares of AI, Human and Hybrid (or none before this vote).
  await expect(page.getByTestId('guess-breakdown')).toContainText('How everyone else guessed');
  await expect(page.getByTestId('guess-breakdown')).toHaveText(/AI\d+%Human\d+%Hybrid\d+%Based on \d+ other votes?\.|You are the first to guess this track\./);
  const correct = (await verdict.textContent())?.startsWith('Correct') ?? false;
  await expect(score(page)).toHaveText(correct ? '1/1' : '0/1');

  // After 2 s the arena moves on by itself, to a clip that is blind again.
  await expect(trackPosition(page)).toHaveText(`Track 2 of ${count}`);
  await expect(page.getByTestId('mystery-cover')).toBeVisible();
  await expect(page.getByTestId('reveal')).toHaveCount(0);

  // The session in progress survives a reload.
  await page.reload();
  await expect(trackPosition(page)).toHaveText(`Track 2 of ${count}`, { timeout: 20_000 });
  await expect(score(page)).toHaveText(correct ? '1/1' : '0/1');

  // Home: the boards rank by the fool rate the votes prove, and say how it compares with chance.
  await page.goto('/');
  const deception = page.locator('section', { has: page.getByRole('heading', { name: 'Deception Leaderboard' }) });
  await expect(deception.getByTestId('chance').first()).toHaveText(/^(above chance|could be chance|below chance)$/);
  await expect(page.getByTestId('ranking-method')).toContainText('66.7% fool rate is pure chance');
});

test('guesses made offline are saved, then scored and revealed when the connection returns', async ({ page, context }) => {
  await signUp(page, newUser('offline'));
  await openArena(page);
  await expect(page.getByTestId('clips-ready')).toBeVisible({ timeout: 30_000 });

  await setOnline(context, false);
  for (const n of [1, 2]) {
    await expect(trackPosition(page)).toHaveText(new RegExp(`^Track ${n} of`));
    await playClip(page);
    await guess(page, 'AI');
    await expect(page.getByText(SAVED)).toBeVisible();
    await expect(page.getByTestId('mystery-cover')).toBeVisible();
    if (n === 1) await page.getByRole('button', { name: 'Next Track' }).click();
  }
  await expect(score(page)).toHaveText('0/0');

  // Back online: replication pushes both guesses; reveals and score appear with no user action.
  await setOnline(context, true);
  await expect(score(page)).toHaveText(/^[0-2]\/2$/, { timeout: 30_000 });
  await expect(page.getByText(SAVED)).toHaveCount(0);
  await expect(page.getByTestId('verdict')).toHaveText(VERDICT);
  await expect(page.getByTestId('reveal-title')).not.toBeEmpty();
  await expect(page.getByTestId('cover-art')).toBeVisible();

  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(trackPosition(page)).toHaveText(/^Track 1 of/);
  await expect(page.getByTestId('verdict')).toHaveText(VERDICT);
  await expect(page.getByTestId('reveal-title')).not.toBeEmpty();
});

/** A new listener's first session, ready to go offline: the service worker controls the page (so the app itself loads offline) and the clips are cached. */
async function arenaReadyOffline(page: Page, prefix: string): Promise<number> {
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await signUp(page, newUser(prefix));
  const count = await openArena(page);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect(page.getByTestId('clips-ready')).toBeVisible({ timeout: 30_000 });
  return count;
}

test('offline, a reload resumes the session where it was, and its saved guess is scored later', async ({ page, context }) => {
  const count = await arenaReadyOffline(page, 'reload');

  await setOnline(context, false);
  await guess(page, 'Human');
  await expect(page.getByText(SAVED)).toBeVisible();
  await page.reload();
  await expect(trackPosition(page)).toHaveText(`Track 2 of ${count}`, { timeout: 20_000 });
  await playClip(page);
  await expect(score(page)).toHaveText('0/0');

  await setOnline(context, true);
  await expect(score(page)).toHaveText(/^[01]\/1$/, { timeout: 30_000 });
});

test('a session finished offline comes back after a reload, and its final score fills in once back online', async ({ page, context }) => {
  const count = await arenaReadyOffline(page, 'offdone');

  await setOnline(context, false);
  for (let n = 1; n <= count; n++) {
    await expect(trackPosition(page)).toHaveText(`Track ${n} of ${count}`);
    await guess(page, 'Human');
    await expect(page.getByText(SAVED)).toBeVisible();
    if (n < count) await page.getByRole('button', { name: 'Next Track' }).click();
  }
  // Every guess saved, none sent: a reload still offline shows the session at its last track.
  await page.reload();
  await expect(trackPosition(page)).toHaveText(`Track ${count} of ${count}`, { timeout: 20_000 });
  await expect(page.getByText(SAVED)).toBeVisible();
  await page.getByRole('button', { name: 'Finish Competition' }).click();
  await expect(page.getByRole('heading', { name: 'Competition Complete! 🏆' })).toBeVisible();
  await expect(page.getByTestId('competition-complete').getByRole('status')).toHaveText(`${count} guesses saved, result when you are back online.`);

  await setOnline(context, true);
  await expect(page.getByTestId('final-score')).toHaveText(new RegExp(`^\\d+/${count}$`), { timeout: 30_000 });
});

test('offline with no session on the device, /vote says why, and opens one by itself once back online', async ({ page, context }) => {
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await signUp(page, newUser('offnone'));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await setOnline(context, false);
  await page.goto('/vote');
  const failed = page.getByTestId('load-failed');
  await expect(failed.getByRole('heading', { name: 'Failed to load tracks' })).toBeVisible({ timeout: 20_000 });
  await expect(failed.getByRole('status')).toHaveText(
    'You are offline. A session starts online: its clips are then saved on this device, and you can go on voting offline. This page tries again when you are back online.',
  );
  await setOnline(context, true);
  await expect(trackPosition(page)).toHaveText(/^Track 1 of \d+$/, { timeout: 20_000 });
});

/**
 * What this device keeps of the signed-in user: the documents of each per-user collection in
 * RxDB's IndexedDB databases, the cached clips, and the app's own localStorage keys (but the
 * signed-in hint, which says only that someone was).
 */
async function deviceData(page: Page) {
  return page.evaluate(async () => {
    const collections: Record<string, number> = {};
    for (const { name } of await indexedDB.databases()) {
      const collection = /--(votes|vote_sessions|orders|radio_submissions)$/.exec(name ?? '')?.[1];
      if (!name || !collection) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      let count = 0;
      for (const store of Array.from(db.objectStoreNames)) {
        count += await new Promise<number>((resolve, reject) => {
          const request = db.transaction(store).objectStore(store).count();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
      }
      db.close();
      collections[collection] = (collections[collection] ?? 0) + count;
    }
    const clips = (await caches.has('vote-clips')) ? (await (await caches.open('vote-clips')).keys()).length : 0;
    const keys = Object.keys(localStorage).filter((key) => key.startsWith('foolrate:') && key !== 'foolrate:signed-in');
    return { collections, clips, keys };
  });
}

test('signing out leaves nothing of the user on the device: votes and their answers, sessions, orders, clips', async ({ page }) => {
  await signUp(page, newUser('signout'));
  await openArena(page);
  await expect(page.getByTestId('clips-ready')).toBeVisible({ timeout: 30_000 });
  await guess(page, 'AI');
  await expect(page.getByTestId('verdict')).toHaveText(VERDICT);
  const before = await deviceData(page);
  expect(before.collections.votes).toBeGreaterThan(0);
  expect(before.collections.vote_sessions).toBeGreaterThan(0);
  expect(before.clips).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText('Signed out successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await deviceData(page)).toEqual({ collections: { votes: 0, vote_sessions: 0, orders: 0, radio_submissions: 0 }, clips: 0, keys: [] });
});

test('signing out offline with a guess not sent yet asks first: staying keeps it, and it is scored once back online', async ({ page, context }) => {
  await signUp(page, newUser('signoutoff'));
  await openArena(page);
  await expect(page.getByTestId('clips-ready')).toBeVisible({ timeout: 30_000 });
  await setOnline(context, false);
  await guess(page, 'Human');
  await expect(page.getByText(SAVED)).toBeVisible();

  const asked = page.getByRole('dialog', { name: 'Votes not sent' });
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(asked).toHaveAccessibleDescription(MSG.signOutUnsentVotes);
  await asked.getByRole('button', { name: 'Cancel' }).click();
  await expect(asked).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeFocused();
  await expect(page.getByText(SAVED)).toBeVisible();

  // Back online, the guess is scored; signing out then asks nothing.
  await setOnline(context, true);
  await expect(score(page)).toHaveText(/^[01]\/1$/, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText('Signed out successfully')).toBeVisible();
  await expect(asked).toHaveCount(0);
});

/**
 * One try of the home-visit case: a guess saved offline in the arena, then the next visit opens
 * the home page offline. 'leaked' if the server had the vote before that visit: Chromium's
 * offline emulation let the push through (CI, ~1 run in 90: scored 111 ms after the guess,
 * though the context was offline, the API routed to an abort and blocked in the renderer).
 * Then the try proves nothing about the next visit, and the caller tries again.
 */
async function guessOfflineThenGoHome(page: Page, user: NewUser): Promise<'leaked' | 'held'> {
  const context = page.context();
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await signUp(page, user);
  const dataLayerLoaded = () => page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/data-layer-')));

  // Home, signed in: balance and boards from the account feed and the API, no RxDB.
  await page.goto('/');
  await expect(balancePill(page)).toHaveText(/\d/);
  await expect(page.getByTestId('chance').first()).toBeVisible();
  expect(await dataLayerLoaded()).toBe(false);

  await openArena(page);
  expect(await dataLayerLoaded()).toBe(true);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect(page.getByTestId('clips-ready')).toBeVisible({ timeout: 30_000 });
  await setOnline(context, false);
  await guess(page, 'Human');
  await expect(page.getByText(SAVED)).toBeVisible();

  // The next visit opens the home page (served offline by the service worker).
  await page.goto('/');
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  await expect(balancePill(page)).toHaveText(/\d/);
  const votes = (await e2eFirestore()).collection('votes').where('user_id', '==', await uidOf(user));
  return (await votes.get()).size === 0 ? 'held' : 'leaked';
}

test('a signed-in home loads no local database; a guess saved offline reaches the server on the next visit, whatever page it opens', async ({ page, browser }) => {
  test.setTimeout(180_000);
  let user = newUser('homebound');
  let tab = page;
  for (let attempt = 1; (await guessOfflineThenGoHome(tab, user)) === 'leaked'; attempt++) {
    expect(attempt, 'the offline guess stayed on the device in one of three tries').toBeLessThan(3);
    await setOnline(tab.context(), true);
    tab = await (await browser.newContext()).newPage();
    user = newUser('homebound');
  }
  // Back online, the home page (no arena) pushes the guess.
  await setOnline(tab.context(), true);
  const votes = (await e2eFirestore()).collection('votes').where('user_id', '==', await uidOf(user));
  await expect.poll(async () => (await votes.get()).docs.map((d) => d.get('status') as string), { timeout: 30_000 }).toEqual(['scored']);
  if (tab !== page) await tab.context().close();
});

test('a session another device finished is not resumed, even before this device hears of it: the arena opens a new one', async ({ page, context, request }) => {
  const user = newUser('twodevice');
  await signUp(page, user);
  await openArena(page);

  // This device hears nothing from the server's sync (stream and pulls wait) until the arena has
  // asked the server for its session; meanwhile another device finishes the open session.
  let askedServer = () => {};
  const asked = new Promise<void>((resolve) => (askedServer = resolve));
  await context.route(/\/api\/sync\/(stream|\w+\/pull)/, async (route) => {
    await asked;
    await route.continue().catch(() => undefined); // the page may have gone on without it
  });
  const finished = await voteOnOpenSession(request, bearer(await idToken(request, user.email, user.password)));
  expect(finished).not.toBeNull();

  // This device still has that session unfinished, but the server's answer wins: a new session.
  const opened = page.waitForResponse((res) => res.url().endsWith('/api/vote-sessions') && res.request().method() === 'POST', { timeout: 20_000 });
  await page.goto('/vote');
  const { session } = (await (await opened).json()) as { session: VoteSessionView };
  askedServer();
  expect(session.id).not.toBe(finished!.id);
  await expect(trackPosition(page)).toHaveText(/^Track 1 of \d+$/, { timeout: 20_000 });
  await guess(page, 'AI');
  await expect(page.getByTestId('verdict')).toHaveText(VERDICT);
  await expect(score(page)).toHaveText(/^[01]\/1$/);
  const votes = await (await e2eFirestore()).collection('votes').where('session_id', '==', session.id).get();
  expect(votes.docs.map((d) => d.get('status') as string)).toEqual(['scored']);
});

test('a finished session shows the final score; with every track voted on: No More Tracks', async ({ page, request }) => {
  test.setTimeout(120_000); // a session through the arena, then every track left voted on through the API
  const user = newUser('finisher');
  await signUp(page, user);
  // The arena plays one whole session, one with a Hybrid track (to reveal its details): sessions
  // without one are finished first through the API, as another device of the listener would.
  const headers = bearer(await idToken(request, user.email, user.password));
  await openSessionWithHybrid(request, headers);
  await page.goto('/vote');
  const noMore = page.getByRole('heading', { name: 'No More Tracks' });
  await expect(trackPosition(page)).toHaveText(/^Track 1 of \d+$/, { timeout: 20_000 });
  const count = Number(/of (\d+)/.exec((await trackPosition(page).textContent()) ?? '')?.[1]);
  let correct = 0;
  let sawHybrid = false;
  for (let n = 1; n <= count; n++) {
    await expect(trackPosition(page)).toHaveText(`Track ${n} of ${count}`);
    await guess(page, 'Human');
    await expect(page.getByTestId('verdict')).toHaveText(VERDICT);
    if ((await page.getByTestId('verdict').textContent())?.startsWith('Correct')) correct += 1;
    await expect(score(page)).toHaveText(`${correct}/${n}`);
    if ((await page.getByTestId('song-type-badge').textContent()) === 'Hybrid') {
      sawHybrid = true;
      for (const label of ['AI elements', 'Human elements', 'Tools used']) await expect(page.getByText(label, { exact: true })).toBeVisible();
    }
    // (The first test waits out the 2 s the arena gives a reveal.)
    if (n < count) await nextTrack(page);
  }
  expect(sawHybrid, 'a Hybrid track revealed').toBe(true);
  // The last track does not move on by itself; Previous works once it is revealed.
  await expect(page.getByRole('button', { name: 'Finish Competition' })).toBeEnabled();
  if (count > 1) {
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(trackPosition(page)).toHaveText(`Track ${count - 1} of ${count}`);
    await expect(page.getByTestId('verdict')).toHaveText(VERDICT);
    await page.getByRole('button', { name: 'Next Track' }).click();
  }
  await page.getByTestId('song-type-badge').hover();
  await expect(page.getByRole('tooltip')).toHaveText(/people|AI/);
  await page.getByRole('button', { name: 'Finish Competition' }).click();
  const complete = page.getByRole('heading', { name: 'Competition Complete! 🏆' });
  await expect(complete).toBeVisible();
  // The button that had the focus is gone: the focus is on the end screen, not lost to the page.
  await expect(complete).toBeFocused();
  await expect(page.getByTestId('final-score')).toHaveText(`${correct}/${count}`);
  // Read out with the heading that takes the focus.
  await expect(complete).toHaveAccessibleDescription(`Final score ${correct}/${count}`);
  await page.getByRole('button', { name: 'New Session' }).click();
  await expect(trackPosition(page).or(noMore)).toBeVisible({ timeout: 20_000 });
  // Every other track (as many as the other specs approved) is voted on through the API, as the
  // arena's sync pushes votes, like another device of the listener would; then the arena, opened
  // again, has nothing left to open.
  await voteOnEverythingLeft(request, headers);
  await page.goto('/vote');
  await expect(noMore).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("You've voted on all available tracks! Check back later.")).toBeVisible();
});

test('after the free week, a new session shows its price and asks first: cancelled, nothing is charged; confirmed by keyboard, it opens and is paid once', async ({ page, request }) => {
  test.setTimeout(90_000);
  const user = newUser('payer');
  await signUp(page, user);
  const headers = bearer(await idToken(request, user.email, user.password));
  // The free first session, all but its last clip voted on by another device of the listener.
  const first = await openSession(request, headers);
  expect(first).not.toBeNull();
  await pushVotes(request, headers, { ...first!, clips: first!.clips.slice(0, -1) });
  const db = await e2eFirestore();
  const uid = await uidOf(user);
  // The free week is over.
  await db.collection('profiles').doc(uid).update({ free_voting_until: new Date(Date.now() - 86_400_000).toISOString() });
  const paidEntries = async () => (await db.collection('token_ledger').where('user_id', '==', uid).get()).docs.filter((d) => d.get('reason') === 'vote_session');
  const sessions = async () => (await db.collection('vote_sessions').where('user_id', '==', uid).get()).size;

  // The open session is returned free, at its last clip; finishing it brings the end screen.
  await page.goto('/vote');
  const count = first!.clips.length;
  await expect(trackPosition(page)).toHaveText(`Track ${count} of ${count}`, { timeout: 20_000 });
  await guess(page, 'Human');
  await expect(page.getByTestId('verdict')).toHaveText(VERDICT);
  await page.getByRole('button', { name: 'Finish Competition' }).click();
  await expect(page.getByRole('heading', { name: 'Competition Complete! 🏆' })).toBeFocused();
  await expect(balancePill(page)).toHaveText(/^\d+ tokens$/);
  const balance = Number((await balancePill(page).textContent())!.replace(/\D/g, ''));
  expect(balance).toBeGreaterThanOrEqual(10);

  // New Session, by keyboard: the price and the balance, asked before anything is charged.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'New Session' })).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Start Session' });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(dialog).toHaveAccessibleDescription(`Start a session of up to 10 clips? It costs 10 tokens; you have ${balance} tokens.`);
  await expect(page.getByTestId('session-cost')).toContainText(`This session costs 10 tokens. You have ${balance} tokens.`);
  const axe = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // Escape goes back: the card stays, its button has the focus, nothing is charged.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  const startOnCard = page.getByTestId('session-cost').getByRole('button', { name: 'Start Session' });
  await expect(startOnCard).toBeFocused();
  await expect(balancePill(page)).toHaveText(`${balance} tokens`);
  expect(await paidEntries()).toHaveLength(0);
  expect(await sessions()).toBe(1);

  // Opening /vote again asks again; Start Session (Tab past Close and Cancel) opens and pays once.
  await page.goto('/vote');
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  expect(await paidEntries()).toHaveLength(0);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  const startInDialog = dialog.getByRole('button', { name: 'Start Session' });
  await expect(startInDialog).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(trackPosition(page)).toHaveText(/^Track 1 of \d+$/, { timeout: 20_000 });
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Play clip' })).toBeFocused();
  await expect(balancePill(page)).toHaveText(`${balance - 10} tokens`, { timeout: 20_000 });
  expect((await paidEntries()).map((d) => d.get('delta') as number)).toEqual([-10]);
  expect(await sessions()).toBe(2);
});

/**
 * Leaves the listener a server-side open session that has a Hybrid track: each session opened
 * without one is finished through the API first (its answers read from Firestore, as the page
 * cannot). Other specs approve Human and AI tracks, so later in a run most sessions have none.
 */
async function openSessionWithHybrid(request: APIRequestContext, headers: Record<string, string>): Promise<void> {
  const db = await e2eFirestore();
  for (let sessions = 0; ; sessions++) {
    expect(sessions, 'sessions opened before one with a Hybrid track').toBeLessThan(20);
    const session = await openSession(request, headers);
    expect(session, 'a session with a Hybrid track').not.toBeNull();
    const trackIds = (await db.collection('vote_sessions').doc(session!.id).get()).get('track_ids') as string[];
    const types = await Promise.all(trackIds.map(async (id) => (await db.collection('tracks').doc(id).get()).get('song_type') as string));
    if (types.includes('hybrid')) return;
    await pushVotes(request, headers, session!);
  }
}

/** Opens sessions through the API and pushes a vote for each of their clips (the arena's vote documents), until none opens. */
async function voteOnEverythingLeft(request: APIRequestContext, headers: Record<string, string>): Promise<void> {
  for (let sessions = 0; ; sessions++) {
    expect(sessions, 'sessions opened through the API').toBeLessThan(20);
    if (!(await voteOnOpenSession(request, headers))) return;
  }
}

/**
 * What another device of the listener does: asks the server for the open session (or a new one)
 * and pushes a guess for every clip of it, as the arena's sync would, which finishes it.
 * Returns the session, or null when none opens.
 */
async function voteOnOpenSession(request: APIRequestContext, headers: Record<string, string>): Promise<VoteSessionView | null> {
  const session = await openSession(request, headers);
  if (!session) return null;
  await pushVotes(request, headers, session);
  return session;
}

/** The listener's open session as the server gives it (opening a new one if none is open), or null when none opens. */
async function openSession(request: APIRequestContext, headers: Record<string, string>): Promise<VoteSessionView | null> {
  const opened = await request.post('/api/vote-sessions', { headers, data: {} });
  expect(opened.ok(), await opened.text()).toBe(true);
  return ((await opened.json()) as { session: VoteSessionView | null }).session;
}

/** Pushes a guess for every clip of `session`, as the arena's sync would, which finishes it. */
async function pushVotes(request: APIRequestContext, headers: Record<string, string>, session: VoteSessionView): Promise<void> {
  const votes = session.clips.map((c) => ({ assumedMasterState: null, newDocumentState: newVote({ session_id: session.id, clip_id: c.clip_id, guess: 'human' }) }));
  const pushed = await request.post('/api/sync/votes/push', { headers, data: votes });
  expect(pushed.ok(), await pushed.text()).toBe(true);
}
