import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Browser } from '@playwright/test';
import { FieldValue } from 'firebase-admin/firestore';
import { MYSTERY_INVITE, RADIO_MSG } from '../../common/radio/radio-messages';
import { runFfmpeg } from '../../scripts/lib/media';
import { expect, test, type Page } from './fixtures';
import { balancePill, bearer, e2eFirestore, freshTone, idToken, newUser, releaseSpendsOf, signIn, signUp, uniqueName, type NewUser } from './helpers';

/**
 * Radio: My Tracks (Send to Radio, the shortage), the CMS Radio Queue (tabs, actions, the
 * schedule dialog, live across two admins), the quick send, and the radio pausing for a clip.
 */

const DEMO_PASSWORD = 'demo1234';
let dir = '';
let mp3: Buffer;
/**
 * A short song for the airing test: the station plays it to its end before it counts as aired.
 * It lasts half as long again as the radio bar's 10 s poll, so at least one poll falls while it
 * plays, with 5 s to spare.
 */
let shortMp3: Buffer;

test.beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'radio-e2e-'));
  const file = join(dir, 'tone.mp3');
  await runFfmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=50', '-ac', '1', '-b:a', '48k', file]);
  mp3 = await readFile(file);
  const short = join(dir, 'short.mp3');
  await runFfmpeg(['-f', 'lavfi', '-i', 'sine=frequency=523:duration=15', '-ac', '1', '-b:a', '48k', short]);
  shortMp3 = await readFile(short);
});

test.afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const uidOf = (token: string): string => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;

/** Tokens as the server's ledger writes them (functions/src/tokens/ledger.ts): balance == sum(ledger) still holds. */
async function grantTokens(uid: string, amount: number): Promise<void> {
  const db = await e2eFirestore();
  await db.runTransaction(async (tx) => {
    const ref = db.collection('token_balances').doc(uid);
    const balance = (((await tx.get(ref)).get('balance') as number | undefined) ?? 0) + amount;
    tx.set(ref, { user_id: uid, balance, updatedAt: FieldValue.serverTimestamp(), _deleted: false });
    tx.create(db.collection('token_ledger').doc(), {
      user_id: uid,
      delta: amount,
      reason: 'admin_grant',
      ref: 'radio-e2e',
      balance_after: balance,
      created_at: new Date().toISOString(),
    });
  });
}

type Artist = { user: NewUser; token: string; uid: string };

async function newArtist(request: APIRequestContext): Promise<Artist> {
  const user = newUser('radio');
  const res = await request.post('/api/accounts/signup', { data: user });
  expect(res.status()).toBe(201);
  // As if it followed its verification link: it may spend (a contest entry, Send to Radio).
  await releaseSpendsOf(user);
  const token = await idToken(request, user.email, user.password);
  return { user, token, uid: uidOf(token) };
}

type Song = { route: 'contest' | 'marketplace'; audio: Buffer };

/** Submits a track as the artist (by default a 50 s song of its own, to the contest: 10 tokens): pending; returns its id. */
async function submittedTrack(request: APIRequestContext, artist: Artist, title: string, given?: Song): Promise<string> {
  // A recording of its own for each contest entry (one entry per recording).
  const song = given ?? { route: 'contest', audio: await freshTone(join(dir, `${crypto.randomUUID()}.mp3`), 50) };
  const res = await request.post('/api/tracks', {
    headers: { ...bearer(artist.token), 'Idempotency-Key': crypto.randomUUID() },
    multipart: {
      title,
      artistName: 'Radio Tester',
      genre: 'Pop',
      songType: 'human',
      submissionRoutes: JSON.stringify([song.route]),
      previewStartTime: '2',
      audioFile: { name: 'tone.mp3', mimeType: 'audio/mpeg', buffer: song.audio },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { tracks: Array<{ id: string }> }).tracks[0]!.id;
}

/** A submitted track (submittedTrack), approved by the admin; returns its id. */
async function approvedTrack(request: APIRequestContext, artist: Artist, title: string, song?: Song): Promise<string> {
  const id = await submittedTrack(request, artist, title, song);
  await approve(request, id);
  return id;
}

async function approve(request: APIRequestContext, id: string): Promise<void> {
  const adminToken = await idToken(request, 'admin@demo.test', DEMO_PASSWORD);
  const ok = await request.post(`/api/cms/tracks/${id}/approve`, { headers: bearer(adminToken), data: {} });
  expect(ok.status(), await ok.text()).toBe(200);
}

/** The super admin's quick send (free): a pending music submission owned by the track's artist. */
async function quickSend(request: APIRequestContext, trackId: string): Promise<void> {
  const token = await idToken(request, 'superadmin@demo.test', DEMO_PASSWORD);
  const res = await request.post('/api/cms/radio/send', { headers: bearer(token), data: { track_id: trackId } });
  expect(res.status(), await res.text()).toBe(201);
}

const trackRow = (page: Page, title: string) => page.getByRole('listitem', { name: title });

async function openRadioQueue(page: Page, email: string): Promise<void> {
  await signIn(page, email, DEMO_PASSWORD);
  await page.goto('/cms');
  await page.getByRole('tab', { name: 'Radio Queue' }).click();
  await expect(page.getByRole('tab', { name: /^Music Queue \(\d+\)$/ })).toBeVisible({ timeout: 20_000 });
}

const queueRow = (page: Page, text: string) => page.getByTestId('radio-row').filter({ hasText: text });

test('My Tracks lists the track; Send to Radio charges the tokens and shows the live radio status', async ({ page, request }) => {
  const artist = await newArtist(request);
  const title = uniqueName('Radio Song ');
  await approvedTrack(request, artist, title);
  await grantTokens(artist.uid, 1000);

  await signIn(page, artist.user.email, artist.user.password);
  await expect(balancePill(page)).toHaveText('1040 tokens');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Tracks' }).click();
  await expect(page).toHaveURL(/\/my-tracks$/);
  await expect(page.getByRole('heading', { name: 'My Tracks' })).toBeVisible();

  const row = trackRow(page, title);
  await expect(row).toContainText('Radio Tester');
  // On a phone the actions take a line of their own: the names keep at least 12rem (they were squeezed to a letter).
  await page.setViewportSize({ width: 390, height: 844 });
  expect((await row.getByRole('heading', { name: title }).boundingBox())!.width).toBeGreaterThanOrEqual(192);
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(row).toContainText('approved');
  await expect(row).toContainText('Contest');
  await expect(row).toContainText('No votes yet');
  await expect(row).toContainText('Costs 1000 tokens');
  await expect(page.getByText(RADIO_MSG.noSubmissions)).toBeVisible();

  // By keyboard: the row's button gives way to its status, and the focus stays on this track's row (not another track's button).
  await row.getByRole('button', { name: 'Send to Radio' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Send to Radio' });
  await expect(dialog).toContainText(title);
  await dialog.getByRole('button', { name: 'Send to Radio' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(RADIO_MSG.added)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('radio-status')).toHaveText('Radio: pending');
  await expect(row.getByRole('button', { name: 'Send to Radio' })).toHaveCount(0);
  await expect(row).toBeFocused();
  await expect(balancePill(page)).toHaveText('40 tokens');
  const submission = page.getByTestId('radio-submission').filter({ hasText: title });
  await expect(submission).toContainText('pending');
  await expect(submission).toContainText('paid');
});

test('My Tracks follows a moderator without a reload: a pending track turns approved, with Send to Radio', async ({ page, request }) => {
  const artist = await newArtist(request);
  const title = uniqueName('Pending Song ');
  const id = await submittedTrack(request, artist, title);
  await signIn(page, artist.user.email, artist.user.password);
  await page.goto('/my-tracks');
  const row = trackRow(page, title);
  await expect(row).toContainText('pending');
  await expect(row.getByRole('button', { name: 'Send to Radio' })).toHaveCount(0);
  await approve(request, id);
  // Coming back to the tab reads the tracks at once (the page also reads them every 15 s while shown, not while hidden).
  const setVisibility = (state: 'hidden' | 'visible') =>
    page.evaluate((s) => {
      Object.defineProperty(document, 'visibilityState', { value: s, configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    }, state);
  await setVisibility('hidden');
  await setVisibility('visible');
  await expect(row).toContainText('approved');
  await expect(row.getByRole('button', { name: 'Send to Radio' })).toBeVisible();
});

test('My Tracks features a basic listing after a confirm: Cancel charges nothing, Feature listing charges the featured price', async ({ page, request }) => {
  const artist = await newArtist(request);
  const title = uniqueName('Listed Song ');
  const trackId = await approvedTrack(request, artist, title, { route: 'marketplace', audio: mp3 });
  await grantTokens(artist.uid, 100);
  const featured = ((await (await request.get('/api/public/config')).json()) as { data: { pricing: { marketplace: { featured: number } } } }).data.pricing.marketplace.featured;

  // Listed, then the artist opens the marketplace: the newest card is theirs (no Buy).
  await signIn(page, artist.user.email, artist.user.password);
  const adminToken = await idToken(request, 'admin@demo.test', DEMO_PASSWORD);
  const listed = await request.post('/api/marketplace/listings', { headers: bearer(adminToken), data: { track_id: trackId } });
  expect(listed.status(), await listed.text()).toBe(201);
  await page.goto('/marketplace');
  await expect(page.getByRole('region', { name: 'All Listings' })).toBeVisible();
  const card = page.getByTestId('listing-card').filter({ hasText: title });
  await expect(card.getByRole('link', { name: 'Your listing', description: title })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Buy' })).toHaveCount(0);

  await page.goto('/my-tracks');
  const row = trackRow(page, title);
  const balance = Number((await balancePill(page).textContent())!.replace(/\D/g, ''));
  await row.getByRole('button', { name: 'Feature listing' }).click();
  const dialog = page.getByRole('dialog', { name: 'Feature listing' });
  await expect(dialog).toContainText(`Feature "${title}" in Featured Tracks? Costs ${featured} tokens.`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(balancePill(page)).toHaveText(`${balance} tokens`);

  // By keyboard: once featured, the button is gone and the focus stays in the list, not on the page.
  await row.getByRole('button', { name: 'Feature listing' }).focus();
  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Feature listing' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Listing featured')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('Featured', { exact: true })).toBeVisible();
  await expect(balancePill(page)).toHaveText(`${balance - featured} tokens`);
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[data-testid="my-track"]') !== null)).toBe(true);
});

test('a user without 1000 tokens is told so, with a link to /pricing; an empty list links to /submit', async ({ page, request }) => {
  const poor = await newArtist(request);
  await signIn(page, poor.user.email, poor.user.password);
  await page.goto('/my-tracks');
  await expect(page.getByText("You haven't submitted any tracks yet.")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Submit a track' })).toHaveAttribute('href', '/submit');

  const title = uniqueName('Poor Song ');
  await approvedTrack(request, poor, title);
  await page.reload();
  const row = trackRow(page, title);
  await expect(balancePill(page)).toHaveText('40 tokens');
  // Told at once: no confirm to pay what the balance cannot.
  await row.getByRole('button', { name: 'Send to Radio' }).click();
  await expect(row.getByRole('alert')).toContainText(RADIO_MSG.tokenShortage(1000));
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(balancePill(page)).toHaveText('40 tokens');
  await row.getByRole('link', { name: 'Go to Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
});

test('the admin quick send in All Contest Songs queues a track once, then says Already queued', async ({ page, request }) => {
  const artist = await newArtist(request);
  const title = uniqueName('Quick Send ');
  await approvedTrack(request, artist, title);
  await signIn(page, 'superadmin@demo.test', DEMO_PASSWORD);
  await page.goto('/cms');
  await page.getByRole('tab', { name: 'Contest' }).click();
  const row = page.getByRole('region', { name: 'All Contest Songs' }).getByRole('row').filter({ hasText: title });
  await row.getByRole('button', { name: /Send to Radio/ }).click();
  await expect(page.getByText(RADIO_MSG.added)).toBeVisible();
  await row.getByRole('button', { name: /Send to Radio/ }).click();
  await expect(page.getByText(RADIO_MSG.alreadyQueued, { exact: true })).toBeVisible();
});

test('the Radio Queue: tabs with counts, ad rows, a failed upload, approve and reject, download, mark uploaded and schedule', async ({ page, request }) => {
  const artist = await newArtist(request);
  const [toApprove, toReject] = [uniqueName('Queue Yes '), uniqueName('Queue No ')];
  for (const title of [toApprove, toReject]) await quickSend(request, await approvedTrack(request, artist, title));

  await openRadioQueue(page, 'admin@demo.test');
  for (const header of ['Track', 'User', 'Status', 'Payment', 'SFTP Upload', 'Scheduled Time', 'Actions'])
    await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  const musicTab = page.getByRole('tab', { name: /^Music Queue \(\d+\)$/ });
  const count = Number(/\((\d+)\)/.exec((await musicTab.textContent()) ?? '')?.[1]);
  expect(count).toBeGreaterThanOrEqual(2);

  // The seeded ads: the tier in upper case and 'Ad (N s)'.
  await page.getByRole('tab', { name: /^Advertisement Queue \(\d+\)$/ }).click();
  const pizza = queueRow(page, 'STANDARD').filter({ hasText: 'Ad (15 s)' }).first();
  await expect(pizza).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Ad Details', exact: true })).toBeVisible();
  await musicTab.click();

  // The seeded failed upload: SFTP 'Failed' with the error, and Download Again.
  const failed = page.getByTestId('radio-row').filter({ hasText: 'The station did not accept the file' });
  await expect(failed).toContainText('Failed');
  await expect(failed.getByRole('button', { name: RADIO_MSG.downloadAgain })).toBeVisible();

  const yes = queueRow(page, toApprove);
  await expect(yes).toContainText(artist.uid);
  await expect(yes.getByTestId('radio-status')).toHaveText('pending');
  await expect(yes).toContainText('Pending');
  await expect(yes).toContainText('—');
  // Approve by keyboard: the button leaves the row, and the focus stays in it (on Download).
  await yes.getByRole('button', { name: 'Approve' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(RADIO_MSG.approved)).toBeVisible();
  await expect(yes.getByTestId('radio-status')).toHaveText('approved');
  await expect(yes.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(yes.getByRole('button', { name: 'Download', exact: true })).toBeFocused();

  const no = queueRow(page, toReject);
  await no.getByRole('button', { name: 'Reject' }).click();
  await expect(no.getByTestId('radio-status')).toHaveText('rejected');
  // An admin's quick send costs nothing: its payment reads free (not paid, nor unpaid once turned down).
  await expect(no.getByText('free', { exact: true })).toBeVisible();

  // Until the station file is ready, the button says it is being prepared.
  let releaseLink!: () => void;
  const linkHeld = new Promise<void>((resolve) => (releaseLink = resolve));
  await page.route('**/api/cms/radio/*/download-link', async (route) => {
    await linkHeld;
    await route.continue();
  });
  await yes.getByRole('button', { name: 'Download', exact: true }).click();
  await expect(yes.getByRole('button', { name: RADIO_MSG.preparingDownload })).toBeDisabled();
  await expect(yes.getByRole('button', { name: RADIO_MSG.preparingDownload })).toBeFocused();
  releaseLink();
  await expect(page.getByText(RADIO_MSG.downloadStarted)).toBeVisible();
  await expect(page.getByText(/^After download, manually upload to SFTP path: \/music\/\d{4}\/\d{2}\/.+\.mp3$/)).toBeVisible();

  await yes.getByRole('button', { name: 'Mark Uploaded' }).click();
  await expect(yes).toContainText('Uploaded');
  await expect(yes.getByRole('button', { name: 'Download', exact: true })).toHaveCount(0);

  await yes.getByRole('button', { name: 'Schedule' }).click();
  const dialog = page.getByRole('dialog', { name: RADIO_MSG.scheduleTitle });
  const submit = dialog.getByRole('button', { name: RADIO_MSG.scheduleButton });
  await expect(submit).toBeDisabled();
  // A time in the past is refused with the reason, and the dialog stays open to fix it.
  await dialog.getByLabel(RADIO_MSG.scheduleField).fill('2020-01-01T10:00');
  await submit.click();
  await expect(page.locator('[data-sonner-toast]').getByText(RADIO_MSG.scheduleInPast)).toBeVisible();
  await expect(dialog).toBeVisible();
  // The reason stays on the field, which is marked invalid and has the focus.
  const time = dialog.getByLabel(RADIO_MSG.scheduleField);
  await expect(time).toHaveAttribute('aria-invalid', 'true');
  await expect(time).toHaveAccessibleDescription(`${RADIO_MSG.scheduleInPast} Any time in the next year.`);
  await expect(time).toBeFocused();
  // So is one more than a year ahead.
  await dialog.getByLabel(RADIO_MSG.scheduleField).fill(`${new Date().getFullYear() + 2}-01-01T10:00`);
  await submit.click();
  await expect(page.locator('[data-sonner-toast]').getByText(RADIO_MSG.scheduleTooFar)).toBeVisible();
  await expect(time).toHaveAccessibleDescription(`${RADIO_MSG.scheduleTooFar} Any time in the next year.`);
  await expect(dialog).toBeVisible();
  const when = new Date(Date.now() + 3 * 86_400_000);
  const local = `${when.getFullYear()}-${String(when.getMonth() + 1).padStart(2, '0')}-${String(when.getDate()).padStart(2, '0')}T20:30`;
  await dialog.getByLabel(RADIO_MSG.scheduleField).fill(local);
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByText(RADIO_MSG.scheduled)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(yes.getByTestId('radio-status')).toHaveText('scheduled');
  await expect(yes).not.toContainText('—');
  await expect(yes.getByRole('button', { name: 'Schedule' })).toHaveCount(0);
  // The row has no control left: the focus went on to the nearest row's, not to the page's body.
  const focusedRow = page.getByTestId('radio-row').filter({ has: page.locator(':focus') });
  await expect(focusedRow).toHaveCount(1);
  await expect(focusedRow).not.toContainText(toApprove);
});

test('the queue tabs work by keyboard (arrows)', async ({ page, request }) => {
  const artist = await newArtist(request);
  const title = uniqueName('Kbd Queue ');
  await quickSend(request, await approvedTrack(request, artist, title));
  await openRadioQueue(page, 'admin@demo.test');
  const musicTab = page.getByRole('tab', { name: /^Music Queue/ });
  await musicTab.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: /^Advertisement Queue/ })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(musicTab).toHaveAttribute('aria-selected', 'true');
  await expect(queueRow(page, title)).toBeVisible();
});

async function adminPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openRadioQueue(page, email);
  return page;
}

test('a change by one admin shows on another admin’s Radio Queue without a reload', async ({ page, browser, request }) => {
  const artist = await newArtist(request);
  const title = uniqueName('Live Queue ');
  const trackId = await approvedTrack(request, artist, title);
  await openRadioQueue(page, 'admin@demo.test');
  const other = await adminPage(browser, 'superadmin@demo.test');

  // A new submission appears on both…
  await quickSend(request, trackId);
  await expect(queueRow(page, title)).toBeVisible();
  await expect(queueRow(other, title)).toBeVisible();
  // …and one admin's approval shows on the other's page.
  await queueRow(page, title).getByRole('button', { name: 'Approve' }).click();
  await expect(queueRow(other, title).getByTestId('radio-status')).toHaveText('approved');
  await other.context().close();
});

test('the radio bar says when the station cannot be reached, gives up a silent stream, unmutes when the volume moves, and clears the failure once the station answers', async ({ page }) => {
  // The station's now-playing is refused, and its stream takes the connection and sends nothing.
  await page.route('**/api/nowplaying/**', (route) => route.abort('connectionrefused'));
  await page.route('**/listen/*/radio.mp3*', () => new Promise<void>(() => {}));
  await page.clock.install();
  await page.goto('/');
  const player = page.getByRole('region', { name: 'Radio player' });
  await expect(player.getByTestId('radio-artist')).toHaveText('Station unreachable');
  await expect(player.getByTestId('radio-live')).toHaveCount(0);
  await player.getByRole('button', { name: 'Play radio' }).click();
  await expect(player.getByTestId('radio-artist')).toHaveText('Connecting…');
  await page.clock.fastForward(21_000);
  await expect(player.getByRole('button', { name: 'Play radio' })).toBeVisible();
  await expect(player.getByTestId('radio-artist')).toHaveText('Could not reach the radio');
  await expect(player.getByRole('status')).toHaveText('Could not reach the radio');
  // Turning the volume up unmutes.
  await expect(player.getByRole('button', { name: 'Unmute radio' })).toBeVisible();
  await player.getByLabel('Volume').fill('50');
  await expect(player.getByRole('button', { name: 'Mute radio' })).toBeVisible();
  // The station answers again: its next poll shows the live song, and the failure is over.
  await page.unroute('**/api/nowplaying/**');
  await page.clock.fastForward(10_000);
  await expect(player.getByTestId('radio-live')).toBeVisible();
  await expect(player.getByTestId('radio-artist')).not.toHaveText(/Could not reach the radio|Station unreachable|Live stream|Off air/);
  await expect(player.getByRole('status')).toHaveText('');
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('the radio pauses while an arena clip plays and resumes after', async ({ page }) => {
  await signUp(page, newUser('radiovote'));

  const player = page.getByRole('region', { name: 'Radio player' });
  // Until the stream answers, the bar says it is connecting.
  let releaseStream!: () => void;
  const streamHeld = new Promise<void>((resolve) => (releaseStream = resolve));
  await page.route('**/listen/*/radio.mp3*', async (route) => {
    await streamHeld;
    await route.continue();
  });
  await player.getByRole('button', { name: 'Play radio' }).click();
  await expect(player.getByRole('button', { name: 'Pause radio' })).toBeVisible();
  await expect(player.getByTestId('radio-artist')).toHaveText('Connecting…');
  await expect(player.getByRole('status')).toHaveText('Connecting to the radio…');
  releaseStream();
  await expect(player.getByTestId('radio-artist')).not.toHaveText('Connecting…', { timeout: 20_000 });
  await expect(player.getByRole('status')).toHaveText('Radio playing, muted');
  // Playing muted (as the bar starts) is silence: the bar shows it beside the unmute button.
  await expect(player.getByTestId('radio-muted')).toHaveText('Muted');
  // In-app navigation: the radio keeps playing across routes.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Vote' }).click();
  await expect(page.getByTestId('track-position')).toHaveText(/^Track 1 of \d+$/, { timeout: 20_000 });
  await expect(player.getByRole('button', { name: 'Pause radio' })).toBeVisible();

  await page.getByRole('button', { name: 'Play clip' }).click();
  await expect(page.getByTestId('clip-player')).toHaveAttribute('data-playing', 'true');
  await expect(player.getByRole('button', { name: 'Play radio' })).toBeVisible();
  await page.getByRole('button', { name: 'Pause clip' }).click();
  await expect(player.getByRole('button', { name: 'Pause radio' })).toBeVisible();
});

test('My Tracks says Already queued when the track was queued meanwhile (this page had not heard of it)', async ({ page, request }) => {
  const artist = await newArtist(request);
  const title = uniqueName('Race Song ');
  const trackId = await approvedTrack(request, artist, title);
  await grantTokens(artist.uid, 1000);
  // This page never learns of radio submissions: no stream, and every pull of them comes back empty.
  await page.route('**/api/sync/stream**', (route) => route.abort());
  await page.route('**/api/sync/radio_submissions/pull**', (route) => route.fulfill({ json: { documents: [], checkpoint: null } }));
  await signIn(page, artist.user.email, artist.user.password);
  await page.goto('/my-tracks');
  const row = trackRow(page, title);
  await expect(row.getByRole('button', { name: 'Send to Radio' })).toBeVisible();

  await quickSend(request, trackId);
  await row.getByRole('button', { name: 'Send to Radio' }).click();
  await page.getByRole('dialog', { name: 'Send to Radio' }).getByRole('button', { name: 'Send to Radio' }).click();
  await expect(row.getByRole('status')).toHaveText(RADIO_MSG.alreadyQueued);
  await expect(balancePill(page)).toHaveText('1040 tokens');
});

/** An mp3 tone of `seconds`. */
async function tone(seconds: number): Promise<Buffer> {
  const file = join(dir, `ad-${seconds}.mp3`);
  await runFfmpeg(['-f', 'lavfi', '-i', `sine=frequency=660:duration=${seconds}`, '-ac', '1', '-b:a', '64k', '-ar', '44100', file]);
  return readFile(file);
}

test('an advertiser is told early when the file does not fit the slot, then submits an ad that the CMS lists', async ({ page, browser, request }) => {
  const artist = await newArtist(request);
  await grantTokens(artist.uid, 500);
  await signIn(page, artist.user.email, artist.user.password);
  await expect(balancePill(page)).toHaveText('550 tokens');
  await page.goto('/my-tracks');
  const form = page.getByRole('region', { name: 'Advertise on the radio' });
  const name = uniqueName('Pizza Ad ');
  await form.getByLabel('Ad name').fill(name);
  await form.getByRole('radio', { name: /Premium/ }).check();
  await form.getByRole('radio', { name: '15 s', exact: true }).check();
  const submit = form.getByRole('button', { name: /^Submit ad/ });
  await expect(submit).toHaveText('Submit ad (300 tokens)');

  await form.getByLabel('Audio file').setInputFiles({ name: 'long.mp3', mimeType: 'audio/mpeg', buffer: await tone(20) });
  await expect(form.getByRole('alert')).toContainText(/The file is 20\.\d s long; a 15 s slot takes 15 s of audio/);
  await expect(submit).toBeDisabled();

  await form.getByLabel('Audio file').setInputFiles({ name: 'spot.mp3', mimeType: 'audio/mpeg', buffer: await tone(15) });
  await expect(form.getByText(/^The file is 1[45]\.\d s long\.$/)).toBeVisible();
  await expect(submit).toBeEnabled();
  // By keyboard: once sent, the keyboard is at the emptied form's heading, not thrown to the top of the page.
  await submit.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(RADIO_MSG.adSubmitted)).toBeVisible();
  await expect(form.getByRole('heading', { name: 'Advertise on the radio' })).toBeFocused();
  await expect(balancePill(page)).toHaveText('250 tokens');
  await expect(page.getByTestId('radio-submission').filter({ hasText: name })).toContainText('PREMIUM, 15 s');
  await expect(form.getByLabel('Ad name')).toHaveValue('');

  const cms = await adminPage(browser, 'admin@demo.test');
  await cms.getByRole('tab', { name: /^Advertisement Queue \(\d+\)$/ }).click();
  const row = queueRow(cms, name);
  await expect(row).toContainText('PREMIUM');
  await expect(row).toContainText('Ad (15 s)');
  await expect(row.getByTestId('radio-status')).toHaveText('pending');
  await cms.context().close();
});

test('empty queues say so', async ({ page }) => {
  // The demo seed fills both queues; this admin's device is made to receive none of them.
  await page.route(/\/api\/sync\/radio_submissions\/pull/, (route) => route.fulfill({ json: { documents: [], checkpoint: null } }));
  await openRadioQueue(page, 'admin@demo.test');
  await expect(page.getByRole('tab', { name: 'Music Queue (0)' })).toBeVisible();
  await expect(page.getByText(RADIO_MSG.noMusic)).toBeVisible();
  await page.getByRole('tab', { name: 'Advertisement Queue (0)' }).click();
  await expect(page.getByText(RADIO_MSG.noAds)).toBeVisible();
});

/** `at` as a datetime-local value (to the second) in this machine's time zone, the browser's too. */
const localDateTime = (at: Date) => {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${p(at.getMonth() + 1)}-${p(at.getDate())}T${p(at.getHours())}:${p(at.getMinutes())}:${p(at.getSeconds())}`;
};

test('the station really airs it: an artist pays, an admin approves, uploads and schedules; the radio bar plays it and the row turns broadcasted', async ({ page, browser, request }) => {
  // The 15 s marketplace track plays to its end before the station reports it played.
  test.setTimeout(120_000);
  const artist = await newArtist(request);
  const title = uniqueName('On Air ');
  await approvedTrack(request, artist, title, { route: 'marketplace', audio: shortMp3 });
  await grantTokens(artist.uid, 1000);

  await signIn(page, artist.user.email, artist.user.password);
  await page.goto('/my-tracks');
  const row = trackRow(page, title);
  await row.getByRole('button', { name: 'Send to Radio' }).click();
  await page.getByRole('dialog', { name: 'Send to Radio' }).getByRole('button', { name: 'Send to Radio' }).click();
  await expect(row.getByTestId('radio-status')).toHaveText('Radio: pending');
  await expect(balancePill(page)).toHaveText('35 tokens');

  const adminContext = await browser.newContext();
  try {
    const admin = await adminContext.newPage();
    await openRadioQueue(admin, 'admin@demo.test');
    const queued = queueRow(admin, title);
    await expect(queued).toContainText('paid');
    await queued.getByRole('button', { name: 'Approve' }).click();
    await queued.getByRole('button', { name: RADIO_MSG.uploadToStation }).click();
    await expect(queued.getByTestId('radio-status')).toHaveText('uploaded');
    await expect(queued).toContainText('Uploaded');

    await queued.getByRole('button', { name: 'Schedule' }).click();
    const dialog = admin.getByRole('dialog', { name: RADIO_MSG.scheduleTitle });
    await dialog.getByLabel(RADIO_MSG.scheduleField).fill(localDateTime(new Date(Date.now() + 5_000)));
    await dialog.getByRole('button', { name: RADIO_MSG.scheduleButton }).click();
    await expect(queued.getByTestId('radio-status')).toHaveText('scheduled');

    // At its time the station plays it next: the radio bar (polling every 10 s) shows it.
    const bar = admin.getByRole('region', { name: 'Radio player' });
    await expect(bar.getByTestId('radio-title')).toHaveText(title, { timeout: 45_000 });
    await expect(bar.getByTestId('radio-artist')).toHaveText('Radio Tester');
    // Cut to one line on a narrow bar, the whole title shows on hover.
    await expect(bar.getByTestId('radio-title')).toHaveAttribute('title', title);
    // After it played, the row turns broadcasted, live in the admin's queue and in the artist's list.
    await expect(queued.getByTestId('radio-status')).toHaveText('broadcasted', { timeout: 45_000 });
    await expect(page.getByTestId('radio-submission').filter({ hasText: title })).toContainText('broadcasted');
  } finally {
    await adminContext.close();
  }
});

test('a contest track airs as a Mystery track with a link to /vote; once an admin rejects it from the contest, the bar names it', async ({ page, request }) => {
  // The 80 s contest song is still playing when its name comes back: the station renames the file, not a later play.
  test.setTimeout(150_000);
  const artist = await newArtist(request);
  const title = uniqueName('Blind Air ');
  const song = { route: 'contest' as const, audio: await freshTone(join(dir, `${crypto.randomUUID()}.mp3`), 80) };
  const trackId = await approvedTrack(request, artist, title, song);
  // The super admin's quick send (as in the CMS's Contest tab), then the queue's steps as an admin.
  await quickSend(request, trackId);
  const adminToken = await idToken(request, 'admin@demo.test', DEMO_PASSWORD);
  const id = `music_${trackId}`;
  const step = async (action: string, data: Record<string, string> = {}) => {
    const res = await request.post(`/api/cms/radio/${id}/${action}`, { headers: bearer(adminToken), data });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { submission: { sftp_path: string } }).submission;
  };
  await step('approve');
  const uploaded = await step('upload');
  // Its file on the station names neither the track nor its id.
  expect(uploaded.sftp_path).toMatch(/\/mystery-[0-9a-f]{16}\.mp3$/);
  await step('schedule', { scheduled_broadcast_time: new Date(Date.now() + 2_000).toISOString() });

  // On air, the bar (polling the station every 10 s) says Mystery track and invites to vote: no title, no artist.
  await page.goto('/');
  const bar = page.getByRole('region', { name: 'Radio player' });
  await expect(bar.getByTestId('radio-title')).toHaveText(RADIO_MSG.mysteryTrack, { timeout: 45_000 });
  const vote = bar.getByRole('link', { name: MYSTERY_INVITE });
  await expect(vote).toHaveAttribute('href', '/vote');
  await expect(bar).not.toContainText(title);
  await expect(bar).not.toContainText('Radio Tester');
  await vote.click();
  // A visitor who is not signed in is asked to first (then taken to /vote); the bar stays on every route.
  await expect(page).toHaveURL(/\/auth\?next=%2Fvote$/);

  // An admin rejects it from the contest (CMS reject): within the airing run the station renames the
  // file, and the bar's next poll names the song still playing.
  const rejected = await request.post(`/api/cms/tracks/${trackId}/reject`, { headers: bearer(adminToken), data: {} });
  expect(rejected.status(), await rejected.text()).toBe(200);
  await expect(bar.getByTestId('radio-title')).toHaveText(title, { timeout: 30_000 });
  await expect(bar.getByTestId('radio-artist')).toHaveText('Radio Tester');
  await expect(bar.getByRole('link', { name: MYSTERY_INVITE })).toHaveCount(0);
});
