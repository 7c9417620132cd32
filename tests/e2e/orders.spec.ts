import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import type { Browser } from '@playwright/test';
import { expect, test, type Page } from './fixtures';
import { balancePill, newUser, openPurchase, signIn, signUp, verificationLink, waitForMail } from './helpers';

/** The demo seed lists two of the artist's tracks: a basic one (15 tokens) and a featured one that takes Cash App. */
const BASIC = 'Skyline Licensing Loop';
const FEATURED = 'Sunday Market Groove';
const SELLER = { email: 'artist@demo.test', password: 'demo1234' };

/** A 1x1 PNG standing in for a payment screenshot. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const tokens = async (page: Page) => Number((await balancePill(page).textContent())?.match(/\d+/)?.[0]);

/** The demo seller's two listings, on their marketplace: Your listing (to My Tracks), no Buy. */
async function expectOwnListings(seller: Page): Promise<void> {
  for (const [region, title] of [['All Listings', BASIC], ['Featured Tracks', FEATURED]] as const) {
    const own = seller.getByRole('region', { name: region }).getByTestId('listing-card').filter({ hasText: title });
    await expect(own.getByRole('link', { name: 'Your listing: manage it in My Tracks', description: title })).toBeVisible();
    await expect(own.getByRole('button', { name: 'Buy' })).toHaveCount(0);
  }
}

async function sellerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await signIn(page, SELLER.email, SELLER.password);
  // The seeded artist has earned tokens: wait until the synced balance (not the 0 placeholder) shows.
  await expect(balancePill(page)).toHaveText(/^[1-9]\d* tokens$/);
  return page;
}


test('a new user buys a licence with tokens: both balances move and the track and certificate download', async ({ page, browser }) => {
  const seller = await sellerPage(browser);
  const sellerBefore = await tokens(seller);

  await signUp(page, newUser('licensee'));
  await expect(balancePill(page)).toHaveText('50 tokens');
  await page.goto('/marketplace');
  await openPurchase(page, 'All Listings', BASIC);
  const dialog = page.getByRole('dialog', { name: BASIC });
  await expect(dialog).toContainText('15 tokens');
  await dialog.getByRole('button', { name: 'Pay with Tokens' }).click();
  await expect(page.getByText('Purchase successful!').first()).toBeVisible();
  await expect(balancePill(page)).toHaveText('35 tokens');
  await expect(balancePill(seller)).toHaveText(`${sellerBefore + 15} tokens`);

  await dialog.getByRole('link', { name: 'View my orders' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  const row = page.getByTestId('order-row').filter({ hasText: BASIC });
  await expect(row).toContainText('Approved');
  await expect(row).toContainText('Seller: @artist');
  await expect(row).toContainText('15 tokens');

  // A preview-version licence: its download is the listing's preview, and says so.
  // By keyboard: the button keeps the focus while the file is fetched, and the download is announced.
  await row.getByRole('button', { name: 'Download preview' }).focus();
  const [track] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  await expect(page.locator('[data-sonner-toast]').getByText('Download Started')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Download preview' })).toBeFocused();
  expect(track.suggestedFilename()).toMatch(/Skyline Licensing Loop \(preview\)\.mp3$/);
  const audio = await readFile((await track.path())!);
  expect(audio.length).toBeGreaterThan(10_000);

  const [certificate] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: 'Download certificate' }).click()]);
  expect(certificate.suggestedFilename()).toMatch(/^licence-.+\.pdf$/);
  expect((await readFile((await certificate.path())!)).subarray(0, 5).toString()).toBe('%PDF-');

  // The same licence cannot be bought twice: its card says Owned, a link to My Orders, and offers no Buy.
  await page.goto('/marketplace');
  const bought = page.getByRole('region', { name: 'All Listings' }).getByTestId('listing-card').filter({ hasText: BASIC });
  const ownedLink = bought.getByRole('link', { name: 'Owned: view it in My Orders', description: BASIC });
  await expect(ownedLink).toBeVisible();
  await expect(bought.getByRole('button', { name: 'Buy' })).toHaveCount(0);
  // The other listing is still for sale.
  await expect(page.getByRole('region', { name: 'Featured Tracks' }).getByTestId('listing-card').filter({ hasText: FEATURED }).getByRole('button', { name: 'Buy' })).toBeVisible();
  await ownedLink.click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(balancePill(page)).toHaveText('35 tokens');

  // The seller's own listings offer no Buy, but a way to My Tracks (where a listing is featured).
  await seller.goto('/marketplace');
  await expectOwnListings(seller);
  // By keyboard.
  await seller.getByRole('region', { name: 'All Listings' }).getByRole('link', { name: 'Your listing', description: BASIC }).focus();
  await seller.keyboard.press('Enter');
  await expect(seller.getByRole('heading', { level: 1, name: 'My Tracks' })).toBeVisible();
  // Next time, the device knows them from the first render: no Buy while the tracks are read again (held here).
  await seller.route('**/api/tracks/mine', () => new Promise<void>(() => {}));
  await seller.goto('/marketplace');
  await expectOwnListings(seller);
  // Signing out, the device forgets which listings were the seller's.
  await seller.getByRole('button', { name: 'Sign Out' }).click();
  await expect(seller.getByText('Signed out successfully')).toBeVisible();
  expect(await seller.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('foolrate:own-listings:')))).toEqual([]);
  await seller.context().close();
});

test('a new account is refused a purchase until it verifies its email: the dialog says so and offers a new link, the mail arrives, and after following it the purchase goes through', async ({ page, request }) => {
  const buyer = newUser('unverified');
  await signUp(page, buyer, { unverified: true });
  await expect(balancePill(page)).toHaveText('50 tokens');
  await page.goto('/marketplace');
  await openPurchase(page, 'All Listings', BASIC);
  const dialog = page.getByRole('dialog', { name: BASIC });
  await dialog.getByRole('button', { name: 'Pay with Tokens' }).click();
  // Said in the dialog (the page behind it is inert while it is open), with a way to a new link.
  const refusal = dialog.getByRole('alert').filter({ hasText: 'Verify your email to spend tokens' });
  await expect(refusal).toContainText('Follow the link in the verification email we sent you, then try again.');
  await expect(balancePill(page)).toHaveText('50 tokens');
  const axe = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // Its button mails a new link (by keyboard).
  await refusal.getByRole('button', { name: 'Resend verification email' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Verification email sent. Check your inbox.')).toBeVisible();
  await waitForMail(request, buyer.email, /verify/i);

  const reported = page.waitForResponse((r) => r.url().endsWith('/api/accounts/email-verified') && r.ok());
  await page.goto(await verificationLink(request, buyer.email));
  await expect(page).toHaveURL(/\/welcome$/);
  await reported;
  await expect(page.getByTestId('email-status')).toHaveText('Email verified');

  await page.goto('/marketplace');
  await openPurchase(page, 'All Listings', BASIC);
  await page.getByRole('dialog', { name: BASIC }).getByRole('button', { name: 'Pay with Tokens' }).click();
  await expect(page.getByText('Purchase successful!').first()).toBeVisible();
  await expect(balancePill(page)).toHaveText('35 tokens');
});

test('a Cash App order goes from creation through proof to the seller’s approval', async ({ page, browser }) => {
  const buyer = newUser('cashbuyer');
  await signUp(page, buyer);
  await page.goto('/marketplace');
  await openPurchase(page, 'Featured Tracks', FEATURED);
  const dialog = page.getByRole('dialog', { name: FEATURED });
  await dialog.getByRole('button', { name: 'Pay with Cash App' }).click();
  await expect(page.getByText('Order created').first()).toBeVisible();
  await expect(dialog.getByTestId('cash-app-tag')).toHaveText('$AriaArtist');
  await expect(dialog).toContainText('$9.99');
  await expect(dialog).toContainText('Pay before');
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Copied!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('$AriaArtist');
  await expect(balancePill(page)).toHaveText('50 tokens');

  await dialog.getByRole('link', { name: 'View my orders' }).click();
  const row = page.getByTestId('order-row').filter({ hasText: FEATURED });
  await expect(row.getByTestId('order-status')).toHaveText('Awaiting your payment');
  await expect(row).toContainText('$AriaArtist');
  await expect(row).toContainText('Expires');
  await row.locator('input[type=file]').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Proof uploaded')).toBeVisible();
  await expect(row).toContainText('Under review');
  // The buyer can look at the image they sent.
  const [proofTab] = await Promise.all([page.context().waitForEvent('page'), row.getByRole('button', { name: 'View proof' }).click()]);
  await proofTab.waitForURL(/\/api\/files\//);
  await proofTab.close();

  const seller = await sellerPage(browser);
  await seller.goto('/orders');
  await seller.getByRole('tab', { name: 'My Sales' }).click();
  const sale = seller.getByTestId('order-row').filter({ hasText: `Buyer: @${buyer.username}` });
  await expect(sale).toContainText('Under review');
  await expect(sale).toContainText('$9.99');
  // Rows name their other party, so same-titled sales are told apart by ear.
  await expect(seller.getByRole('listitem', { name: `${FEATURED}, Buyer: @${buyer.username}` })).toBeVisible();
  await sale.getByRole('button', { name: 'Approve' }).focus();
  await seller.keyboard.press('Enter');
  await expect(seller.getByText('Order approved')).toBeVisible();
  await expect(sale).toContainText('Approved');
  // Approve is gone with the decision: the keyboard stays in the row, not on the page's body.
  await expect.poll(() => sale.evaluate((li) => li.contains(document.activeElement))).toBe(true);

  // The buyer's page updates live.
  await expect(row).toContainText('Approved');
  await expect(row.getByRole('button', { name: 'Download track' })).toBeVisible();
  await seller.context().close();
});

test('a buyer short of tokens is told how many they need, and nothing is charged', async ({ page }) => {
  await signUp(page, newUser('shortfall'));
  await page.goto('/marketplace');
  await openPurchase(page, 'Featured Tracks', FEATURED);
  await page.getByRole('dialog', { name: FEATURED }).getByRole('button', { name: 'Pay with Tokens' }).click();
  await expect(page.getByText('Purchase successful!').first()).toBeVisible();
  await expect(balancePill(page)).toHaveText('5 tokens');
  await page.keyboard.press('Escape');

  await openPurchase(page, 'All Listings', BASIC);
  await page.getByRole('dialog', { name: BASIC }).getByRole('button', { name: 'Pay with Tokens' }).click();
  await expect(page.getByText('Insufficient tokens')).toBeVisible();
  await expect(page.getByText('You need 15 tokens but only have 5.')).toBeVisible();
  await expect(balancePill(page)).toHaveText('5 tokens');
});

test('the marketplace opens and browses offline after one visit; buying says it needs the network', async ({ page, context }) => {
  await signUp(page, newUser('offline'));
  await page.goto('/marketplace');
  await expect(page.getByTestId('listing-card').filter({ hasText: BASIC }).first()).toBeVisible();
  // The first listings come from one request; RxDB stores them for offline visits just after.
  await expect(page.locator('[data-saved-offline]')).toHaveCount(1);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect(page.getByTestId('listing-card').filter({ hasText: FEATURED }).first()).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('Buying needs a connection. You are offline.')).toBeVisible();
  const card = page.getByRole('region', { name: 'All Listings' }).getByTestId('listing-card').filter({ hasText: BASIC }).first();
  await expect(card).toContainText('15 tokens');
  await expect(card.getByRole('button', { name: 'Buy' })).toHaveAccessibleDescription(BASIC);
  await expect(card.getByRole('button', { name: 'Buy' })).toBeDisabled();
  await expect(page.getByRole('region', { name: 'Featured Tracks' })).toContainText(FEATURED);
  await context.setOffline(false);
  await expect(card.getByRole('button', { name: 'Buy' })).toBeEnabled();
});

test('a seller sets the Cash App tag buyers pay, and it is kept', async ({ page }) => {
  await signUp(page, newUser('tagseller'));
  await page.goto('/orders');
  await page.getByRole('tab', { name: 'My Sales' }).click();
  await expect(page.getByText('No sales yet')).toBeVisible();
  const tag = page.getByLabel('Your Cash App tag');
  // A tag must start with a letter after its '$'.
  await tag.fill('9lives');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText("A Cash App tag is '$' and a letter, then up to 19 letters, digits, - or _").first()).toBeVisible();
  // Under the field, which is marked invalid and described by it, then by its help.
  await expect(tag).toHaveAttribute('aria-invalid', 'true');
  await expect(tag).toHaveAccessibleDescription(/^A Cash App tag is '\$' and a letter, then up to 19 letters, digits, - or _ Buyers who pay by Cash App/);
  // Typed without its '$', the tag is saved with it.
  await tag.fill('TagSeller_1');
  await expect(tag).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Cash App tag saved!')).toBeVisible();
  await expect(tag).toHaveValue('$TagSeller_1');
  await page.reload();
  await page.getByRole('tab', { name: 'My Sales' }).click();
  await expect(page.getByLabel('Your Cash App tag')).toHaveValue('$TagSeller_1');
  await page.getByRole('tab', { name: 'My Purchases' }).click();
  await expect(page.getByText('No purchases yet')).toBeVisible();
});
