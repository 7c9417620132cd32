import { expect, test, type Page } from './fixtures';
import { FieldValue } from 'firebase-admin/firestore';
import { NO_ELIGIBLE_TRACKS, NO_SELLER_CASH_TAG } from '../../common/marketplace/marketplace-messages';
import { bearer, e2eFirestore, idToken, signIn, uniqueName } from './helpers';

/** The seeded marketplace track whose files a fresh copy shares (the seed lists it already: one listing per track). */
const SEEDED = 'Sunday Market Groove';

/** A new approved marketplace track, not listed yet: a copy of the seeded one under a title of its own. */
async function unlistedTrack(over: Record<string, unknown> = {}): Promise<string> {
  const db = await e2eFirestore();
  const seeded = (await db.collection('tracks').where('title', '==', SEEDED).limit(1).get()).docs[0]!;
  const title = uniqueName('Listing Song ');
  const ref = db.collection('tracks').doc();
  await ref.set({ ...seeded.data(), id: ref.id, title, created_at: new Date().toISOString(), updatedAt: FieldValue.serverTimestamp(), ...over });
  return title;
}

async function openMarketplaceTab(page: Page) {
  await page.goto('/cms');
  await page.getByRole('tab', { name: 'Marketplace' }).click();
  await expect(page.getByRole('heading', { name: 'Marketplace Listings' })).toBeVisible();
}

test('an admin lists a seeded track; it shows on /marketplace until made inactive; edits keep the keyboard’s place', async ({ page, request }) => {
  // A price no other run uses, so the card found is this test's listing.
  const price = 100 + Math.floor(Math.random() * 800_000);
  const TRACK = await unlistedTrack();
  await signIn(page, 'admin@demo.test', 'demo1234');
  await openMarketplaceTab(page);

  await page.getByRole('button', { name: 'Create Listing' }).click();
  await expect(page.locator('[data-sonner-toast]').getByText('Please select a track.')).toBeVisible();
  // The Track select is marked, described by the reason, and has the focus.
  await expect(page.getByLabel('Track', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Track', { exact: true })).toHaveAccessibleDescription('Please select a track.');
  await expect(page.getByLabel('Track', { exact: true })).toBeFocused();

  await page.getByLabel('Track', { exact: true }).selectOption({ label: `${TRACK} — Mara Quill` });
  await expect(page.getByLabel('Price (USD)')).toHaveValue('1.99');
  await page.getByLabel('Price (tokens)').fill(String(price));
  await page.getByRole('button', { name: 'Create Listing' }).click();
  await expect(page.getByText('Listing created')).toBeVisible();
  const row = page.getByTestId('cms-listing').filter({ hasText: `${price} tokens` });
  await expect(row).toContainText(TRACK);

  await page.goto('/marketplace');
  const all = page.getByRole('region', { name: 'All Listings' });
  const card = all.getByTestId('listing-card').filter({ hasText: `${price} tokens` });
  await expect(card).toContainText(TRACK);
  // Cash App is off by default: the card names no dollar price the dialog would not take
  // (the seeded featured listing takes both, and names both).
  await expect(card).not.toContainText('$1.99');
  const groove = page.getByRole('region', { name: 'Featured Tracks' }).getByTestId('listing-card').filter({ hasText: SEEDED });
  await expect(groove).toContainText('45 tokens');
  await expect(groove).toContainText('$9.99');
  // A marketplace-only track nobody voted on shows no fool rate (not "0%").
  await expect(card).not.toContainText('fool rate');
  // An admin pays like anyone: the dialog shows their real balance, not the bar's ∞.
  const { balance } = (await (await request.get('/api/me', { headers: bearer(await idToken(request, 'admin@demo.test', 'demo1234')) })).json()) as { balance: number };
  await card.getByRole('button', { name: 'Buy' }).click();
  await expect(page.getByRole('dialog')).toContainText(`your balance: ${balance} token`);
  await page.keyboard.press('Escape');

  await openMarketplaceTab(page);
  await row.getByRole('button', { name: 'Active' }).click();
  await expect(row.getByRole('button', { name: 'Inactive' })).toBeVisible();
  await expect(page.getByText('Listing deactivated')).toBeVisible();
  // Each row's buttons are described by its title (many rows have an Edit and a Delete).
  await expect(row.getByRole('button', { name: 'Delete' })).toHaveAccessibleDescription(TRACK);

  await page.goto('/marketplace');
  await expect(page.getByRole('heading', { name: 'Marketplace', level: 1 })).toBeVisible();
  await expect(page.getByTestId('listing-card').filter({ hasText: `${price} tokens` })).toHaveCount(0);

  await openMarketplaceTab(page);
  // Edit by keyboard: the form above takes the focus, and gives it back to the listing after.
  await row.getByRole('button', { name: 'Edit' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Price (tokens)')).toBeFocused();
  await expect(page.getByRole('form', { name: 'Edit listing' })).toBeVisible();
  // The form names the listing, and the track shows by its title, not its id.
  await expect(page.getByRole('form', { name: 'Edit listing' })).toHaveAccessibleDescription(`Editing the listing for “${TRACK}”`);
  await expect(page.getByLabel('Track', { exact: true }).locator('option:checked')).toHaveText(`${TRACK} — Mara Quill`);
  await page.getByLabel('Price (USD)').fill('2.49');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Listing updated')).toBeVisible();
  await expect(row).toContainText('$2.49');
  await expect(row.getByRole('button', { name: 'Edit' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Price (tokens)')).toBeFocused();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(row.getByRole('button', { name: 'Edit' })).toBeFocused();
  await expect(page.getByRole('form', { name: 'Create listing' })).toBeVisible();

  await row.getByRole('button', { name: 'Delete' }).click();
  const asked = page.getByRole('dialog', { name: 'Delete listing' });
  await expect(asked).toHaveAccessibleDescription(`Delete the listing for "${TRACK}"?`);
  await asked.getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
  await expect(page.getByText('Listing deleted')).toBeVisible();
});

test('Cash App is refused for a seller without a Cash App tag, and the listing is made without it', async ({ page }) => {
  // The seeded track's copy, submitted by an account that never set a tag.
  const TRACK = await unlistedTrack({ submitted_by: `untagged_${uniqueName('')}` });
  await signIn(page, 'admin@demo.test', 'demo1234');
  await openMarketplaceTab(page);
  await page.getByLabel('Track', { exact: true }).selectOption({ label: `${TRACK} — Mara Quill` });
  await page.getByLabel('Accept Cash').check();
  await page.getByRole('button', { name: 'Create Listing' }).click();
  await expect(page.getByText('Failed to create listing.')).toBeVisible();
  await expect(page.getByText(NO_SELLER_CASH_TAG)).toBeVisible();
  await expect(page.getByTestId('cms-listing').filter({ hasText: TRACK })).toHaveCount(0);

  await page.getByLabel('Accept Cash').uncheck();
  await page.getByRole('button', { name: 'Create Listing' }).click();
  await expect(page.getByText('Listing created')).toBeVisible();
  await expect(page.getByTestId('cms-listing').filter({ hasText: TRACK })).toHaveCount(1);
  const listing = (await (await e2eFirestore()).collection('marketplace_listings').where('title', '==', TRACK).get()).docs.map((d) => d.get('accept_cash_app') as unknown);
  expect(listing).toEqual([false]);
});

test('the page shows each section from its own search request, featured first, newest first', async ({ page }) => {
  type Listed = { title: string };
  const received: Record<string, Listed[]> = {};
  await page.route('**/api/marketplace/search?**', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { listings: Listed[] };
    received[new URL(route.request().url()).searchParams.get('section')!] = body.listings;
    await route.fulfill({ response, json: body });
  });
  await page.goto('/marketplace');
  await expect.poll(() => Object.keys(received).sort()).toEqual(['basic', 'featured']);
  expect(received.featured!.length).toBeGreaterThan(0);
  expect(received.basic!.length).toBeGreaterThan(1);
  await expect(page.getByRole('region', { name: 'Featured Tracks' }).getByTestId('listing-card').getByRole('heading', { level: 3 })).toHaveText(received.featured!.map((l) => l.title));
  await expect(page.getByRole('region', { name: 'All Listings' }).getByTestId('listing-card').getByRole('heading', { level: 3 })).toHaveText(received.basic!.map((l) => l.title));
  await expect(page.getByText('No listings yet')).toHaveCount(0);
});

test('when no basic listing is found, the page shows Featured Tracks and no empty All Listings heading', async ({ page }) => {
  await page.route('**/api/marketplace/search?**', async (route) =>
    new URL(route.request().url()).searchParams.get('section') === 'basic' ? route.fulfill({ json: { listings: [], next_cursor: null } }) : route.fallback(),
  );
  await page.goto('/marketplace');
  await expect(page.getByRole('region', { name: 'Featured Tracks' }).getByTestId('listing-card').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Featured Tracks']);
  await expect(page.getByRole('region', { name: 'All Listings' })).toHaveCount(0);
});

test('a listing plays its preview once asked: the button gives way to the playing player, by keyboard, without moving the card', async ({ page }) => {
  await page.goto('/marketplace');
  const card = page.getByTestId('listing-card').first();
  const title = (await card.getByRole('heading', { level: 3 }).textContent())!;
  // No player (and none of its costly controls) until asked for.
  await expect(card.locator('audio')).toHaveCount(0);
  const button = card.getByRole('button', { name: `Play preview of ${title}` });
  // Where in the card, and how big (focusing scrolls the page, so not where in the viewport).
  const placeInCard = async (part: typeof button) => {
    const [box, cardBox] = [(await part.boundingBox())!, (await card.boundingBox())!];
    return { x: box.x - cardBox.x, y: box.y - cardBox.y, width: box.width, height: box.height };
  };
  const before = await placeInCard(button);
  await button.focus();
  await page.keyboard.press('Enter');
  const player = card.getByLabel(`Preview of ${title}`);
  await expect(player).toBeFocused();
  await expect.poll(() => player.evaluate((a: HTMLAudioElement) => !a.paused && a.currentTime > 0)).toBe(true);
  // The player takes the button's place, at its size.
  expect(await placeInCard(player)).toEqual(before);
  await page.keyboard.press('Space');
  await expect.poll(() => player.evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);
});

test('a signed-out Buy asks to sign in, and the sign-in returns to the listings', async ({ page }) => {
  await page.goto('/marketplace');
  await page.getByRole('region', { name: 'Featured Tracks' }).getByTestId('listing-card').filter({ hasText: SEEDED }).getByRole('button', { name: 'Buy' }).click();
  await expect(page).toHaveURL(/\/auth\?next=%2Fmarketplace$/);
  await page.getByLabel('Email').fill('listener@demo.test');
  await page.getByLabel('Password').fill('demo1234');
  await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
  await expect(page).toHaveURL(/\/marketplace$/);
  await expect(page.getByRole('region', { name: 'Featured Tracks' })).toContainText(SEEDED);
});

test('with no track to list, the CMS Track select says why', async ({ page }) => {
  await page.route('**/api/marketplace/eligible-tracks', (route) => route.fulfill({ json: { tracks: [] } }));
  await signIn(page, 'admin@demo.test', 'demo1234');
  await openMarketplaceTab(page);
  await expect(page.getByLabel('Track', { exact: true })).toHaveAccessibleDescription(NO_ELIGIBLE_TRACKS);
});
