import AxeBuilder from '@axe-core/playwright';
import type { Result } from 'axe-core';
import { LISTING_PAGE_SIZE } from '../../common/marketplace/search';
import { expect, test, type Page } from './fixtures';

/**
 * Finding a track on /marketplace (issue 56) against the demo seed's catalogue
 * (scripts/lib/seed/seed-marketplace.ts: 32 listings beside the two demo ones, more than a page
 * of basic listings): search, filters and sort in the URL, pages, and the device's copy offline.
 */

const featured = (page: Page) => page.getByRole('region', { name: 'Featured Tracks' });
const all = (page: Page) => page.getByRole('region', { name: 'All Listings' });
const titlesIn = (region: ReturnType<typeof all>) => region.getByTestId('listing-card').getByRole('heading', { level: 3 });
/** The token prices of a section's cards, in order. */
const pricesIn = async (region: ReturnType<typeof all>) =>
  (await region.getByTestId('listing-card').allTextContents()).map((text) => Number(/(\d[\d,]*) tokens?/.exec(text)![1]!.replace(/,/g, '')));
/** The search answered for a section (after a change of the filters). */
const searched = (page: Page, section: 'featured' | 'basic', has: Record<string, string>) =>
  page.waitForResponse((res) => {
    const url = new URL(res.url());
    return url.pathname === '/api/marketplace/search' && url.searchParams.get('section') === section && Object.entries(has).every(([k, v]) => url.searchParams.get(k) === v);
  });

/**
 * The page once a change of the filters has been answered: the section's search (`response`)
 * has come back and both sections have settled (the loading status is gone), so a read of the
 * cards sees the new results, not the old ones nor none.
 */
async function settledOn(page: Page, response: Promise<unknown>) {
  await response;
  await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'Loading...' })).toHaveCount(0);
}

test('the search box narrows the listings to a title, whatever its case and accents, and the URL keeps it', async ({ page }) => {
  await page.goto('/marketplace');
  await expect(titlesIn(all(page))).toHaveCount(LISTING_PAGE_SIZE);
  const box = page.getByRole('searchbox', { name: 'Search title or artist' });
  await box.fill('CAFE amb');
  await expect(page).toHaveURL(/[?&]q=CAFE(\+|%20)amb/);
  await expect(titlesIn(featured(page))).toHaveText(['Café Ámbar']);
  await expect(all(page)).toHaveCount(0);

  await box.fill('creme brulee');
  await expect(titlesIn(featured(page))).toHaveText(['Crème Brûlée Nights']);
  // An artist's name finds their tracks too.
  await box.fill('élodie');
  await expect(page.getByTestId('listing-card').getByRole('heading', { level: 3 })).toHaveText(['Crème Brûlée Nights', 'Paper Moon Lullaby']);

  await box.fill('zzzz nothing');
  await expect(page.getByText('No listings match these filters.')).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Clear filters' }).last().click();
  await expect(page).toHaveURL(/\/marketplace$/);
  await expect(box).toHaveValue('');
  await expect(titlesIn(all(page))).toHaveCount(LISTING_PAGE_SIZE);
});

test('a genre filter and a sort change the listings and their order; a reload keeps both', async ({ page }) => {
  await page.goto('/marketplace');
  await expect(titlesIn(all(page))).toHaveCount(LISTING_PAGE_SIZE);

  const jazz = searched(page, 'basic', { genre: 'Jazz' });
  await page.getByRole('combobox', { name: 'Genre' }).selectOption('Jazz');
  await settledOn(page, jazz);
  await expect(page).toHaveURL(/[?&]genre=Jazz/);
  const newest = await titlesIn(all(page)).allTextContents();
  expect(newest.length).toBeGreaterThan(2);
  for (const card of await all(page).getByTestId('listing-card').all()) await expect(card).toContainText('Jazz');

  const dearest = searched(page, 'basic', { genre: 'Jazz', sort: 'price_desc' });
  await page.getByRole('combobox', { name: 'Sort' }).selectOption({ label: 'Price: high to low' });
  await settledOn(page, dearest);
  const prices = await pricesIn(all(page));
  expect(prices).toEqual([...prices].sort((a, b) => b - a));
  const byPrice = await titlesIn(all(page)).allTextContents();
  expect([...byPrice].sort()).toEqual([...newest].sort());
  expect(byPrice).not.toEqual(newest);

  const cheapest = searched(page, 'basic', { genre: 'Jazz', sort: 'price_asc' });
  await page.getByRole('combobox', { name: 'Sort' }).selectOption({ label: 'Price: low to high' });
  await settledOn(page, cheapest);
  expect(await pricesIn(all(page))).toEqual([...prices].sort((a, b) => a - b));

  // The URL round-trips: a reload (or the link shared) shows the same filters and results.
  const url = page.url();
  const shown = await titlesIn(all(page)).allTextContents();
  await page.reload();
  expect(page.url()).toBe(url);
  await expect(page.getByRole('combobox', { name: 'Genre' })).toHaveValue('Jazz');
  await expect(page.getByRole('combobox', { name: 'Sort' })).toHaveValue('price_asc');
  await expect(titlesIn(all(page))).toHaveText(shown);
});

test('a link with params that are not valid opens the page with them dropped, and an inverted price range is explained, not applied', async ({ page }) => {
  await page.goto('/marketplace?genre=Polka&sort=loudest&min=90&max=10');
  await expect(page.getByRole('combobox', { name: 'Genre' })).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Sort' })).toHaveValue('newest');
  const why = 'The lowest price is above the highest: the price range is not applied.';
  await expect(page.getByRole('spinbutton', { name: 'Lowest price (tokens)' })).toHaveAccessibleDescription(why);
  await expect(titlesIn(all(page))).toHaveCount(LISTING_PAGE_SIZE);
});

test('Load more, by keyboard, adds the next page and takes the focus to its first card', async ({ page }) => {
  await page.goto('/marketplace');
  const cards = all(page).getByTestId('listing-card');
  await expect(cards).toHaveCount(LISTING_PAGE_SIZE);
  const more = all(page).getByRole('button', { name: 'Load more' });
  await more.focus();
  const next = searched(page, 'basic', {});
  await page.keyboard.press('Enter');
  expect(new URL((await next).url()).searchParams.get('cursor')).toBeTruthy();
  await expect.poll(() => cards.count()).toBeGreaterThan(LISTING_PAGE_SIZE);
  await expect(cards.nth(LISTING_PAGE_SIZE)).toBeFocused();
  // No title twice across the pages.
  const titles = await titlesIn(all(page)).allTextContents();
  expect(new Set(titles).size).toBe(titles.length);
});

test('offline after a visit, the page shows the last pages seen, with the note', async ({ page, context }) => {
  await page.goto('/marketplace');
  await expect(page.locator('[data-saved-offline]')).toHaveCount(1);
  await all(page).getByRole('button', { name: 'Load more' }).click();
  await expect.poll(() => all(page).getByTestId('listing-card').count()).toBeGreaterThan(LISTING_PAGE_SIZE);
  const seen = await titlesIn(all(page)).allTextContents();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect(titlesIn(all(page))).toHaveCount(LISTING_PAGE_SIZE);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('You are offline: showing what you saw last.')).toBeVisible();
  // Both pages seen, newest first, as they were listed.
  await expect(titlesIn(all(page))).toHaveText(seen);
  await expect(featured(page)).toContainText('Sunday Market Groove');
  await context.setOffline(false);
  await expect(page.getByText('You are offline: showing what you saw last.')).toHaveCount(0);
});

const describe = (v: Result) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`;

test('/marketplace with its filters passes axe in both schemes at 1280 and 390 px, and a phone shows several cards a screen', async ({ page }) => {
  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await page.goto('/marketplace?min=90&max=10&genre=Rock');
    await expect(page.getByText('The lowest price is above the highest: the price range is not applied.')).toBeVisible();
    await expect(all(page).getByTestId('listing-card').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${size.width} px`).toBeLessThanOrEqual(0);
    for (const colorScheme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect.soft(violations.map(describe), `axe at ${size.width} px (${colorScheme})`).toEqual([]);
    }
  }
  // The phone's cards are compact (cover beside the text): three fit the screen's height.
  const boxes = await Promise.all((await all(page).getByTestId('listing-card').all()).slice(0, 3).map((c) => c.boundingBox()));
  for (const box of boxes) expect(box!.height).toBeLessThan(844 / 3);
});
