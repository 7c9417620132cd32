import AxeBuilder from '@axe-core/playwright';
import type { Result } from 'axe-core';
import { GENRES } from '../../common/constants';
import type { Insights } from '../../common/contest/insights';
import { expect, test, type Page } from './fixtures';

/**
 * /insights (issue 55 §1, §3) on the stack's demo data: each figure with its caption and its
 * table (header and row names; the week rows are the demo's weeks), at least one figure given
 * (not withheld), axe in both schemes at a desktop and a phone width, the keyboard's way to the
 * downloads, and the last figures offline after one visit.
 */

const FIGURES = [
  { title: 'What listeners guessed', table: "Guesses by the track's true type, percent of each row", head: ['True type \\ Guess', 'Human', 'AI', 'Hybrid', 'Votes'], rows: ['Human', 'AI', 'Hybrid'] },
  { title: 'Accuracy week by week', table: 'Right guesses per week', head: ['Week', 'All votes', 'Human', 'AI', 'Hybrid'], rows: null },
  { title: 'Accuracy by genre', table: 'Right guesses by genre', head: ['Genre', 'Right', 'Right guesses', 'Votes'], rows: [...GENRES] },
  { title: 'Accuracy by experience', table: "Right guesses by the listener's experience", head: ['Experience', 'Right', 'Right guesses', 'Votes'], rows: ['1st–10th vote', '11th–50th vote', '51st vote on'] },
  { title: 'Accuracy by listener rating', table: "Right guesses by the listener's rating", head: ['Listener rating', 'Right', 'Right guesses', 'Votes'], rows: ['Under 1300', '1300–1499', '1500–1699', '1700 and up'] },
] as const;

/** A figure given: a percent with one decimal in a table cell. */
const PERCENT = /^\d{1,3}\.\d%/;

async function figuresShown(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('figures-age')).toHaveText(/^Figures as of (just now|\d+ (minute|hour|day)s? ago), from [\d,]+ votes?\.$/, { timeout: 30_000 });
}

test('/insights shows each figure with its caption and its table, the rule, and the downloads', async ({ page, request }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'See the insights' }).click();
  await expect(page).toHaveURL(/\/insights$/);
  await expect(page).toHaveTitle('Insights — Fool Rate');
  await figuresShown(page);

  for (const f of FIGURES) {
    const figure = page.getByRole('figure', { name: f.title });
    await expect(figure.locator('figcaption')).toHaveText(/\.$/);
    const table = figure.getByRole('table', { name: f.table });
    await expect(table.getByRole('columnheader')).toHaveText([...f.head]);
    if (f.rows) await expect(table.getByRole('rowheader')).toHaveText([...f.rows]);
    else await expect(table.getByRole('rowheader').first()).toHaveText(/^Week of \d{1,2} [A-Z][a-z]{2} \d{4}$/);
  }
  // The matrix is its own table; the other four draw a chart with a chance line beside theirs.
  await expect(page.getByTestId('heat-table')).toBeVisible();
  await expect(page.getByTestId('chance-line')).toHaveCount(4);
  await expect(page.getByTestId('insights-rule')).toHaveText(
    'Per-type figures count only tracks that have left the contest, so nothing here tells the answer for a track still being voted on.',
  );

  // The demo's votes give figures: every vote counts in the weeks and the experience bands.
  const weekly = page.getByRole('table', { name: 'Right guesses per week' });
  await expect(weekly.getByRole('cell').filter({ hasText: PERCENT }).first()).toBeVisible();
  const experience = page.getByRole('table', { name: "Right guesses by the listener's experience" });
  await expect(experience.getByRole('row', { name: /1st–10th vote/ }).getByRole('cell').first()).toHaveText(PERCENT);
  // Each row of the matrix is given in percent of the row, or withheld (the demo's contest tracks
  // have not left the contest yet when this was written: all three rows said 'fewer than 10 votes').
  const matrix = page.getByRole('table', { name: "Guesses by the track's true type, percent of each row" });
  for (const row of await matrix.getByRole('row').filter({ has: page.getByRole('rowheader') }).all()) {
    const cells = (await row.getByRole('cell').allTextContents()).map((t) => t.trim());
    if (cells.length === 1) expect(cells).toEqual(['fewer than 10 votes']);
    else {
      expect(cells).toHaveLength(4);
      for (const cell of cells.slice(0, 3)) expect(cell).toMatch(PERCENT);
    }
  }
  // A group of fewer votes than the minimum says so, never 0%.
  await expect(page.getByRole('cell', { name: /^0\.0%$/ })).toHaveCount(0);

  await expect(page.getByRole('link', { name: 'CC BY 4.0' })).toHaveAttribute('href', /creativecommons\.org\/licenses\/by\/4\.0/);
  const csv = await request.get((await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href'))!);
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toMatch(/^text\/csv/);
  const json = await request.get((await page.getByRole('link', { name: 'JSON' }).getAttribute('href'))!);
  expect(json.status()).toBe(200);
  expect(((await json.json()) as { votes: number }).votes).toBeGreaterThan(0);
});

/** A violation as one readable line per failing element. */
const describe = (v: Result) => `[${v.impact}] ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`).join('\n')}`;

/** At a desktop and a phone width: nothing wider than the screen, and axe in both schemes. */
async function auditWidths(page: Page): Promise<void> {
  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await page.goto('/insights');
    await figuresShown(page);
    await expect(page.getByRole('table')).toHaveCount(5);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${size.width} px`).toBeLessThanOrEqual(0);
    for (const colorScheme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme });
      // The scheme's colour transitions end before axe reads; the tables' scroll-driven edge fades never do.
      await page.evaluate(() =>
        Promise.all(
          document
            .getAnimations()
            .filter((a) => a.timeline === document.timeline)
            .map((a) => a.finished.catch(() => undefined)),
        ),
      );
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect.soft(violations.map(describe), `axe at ${size.width} px (${colorScheme})`).toEqual([]);
    }
  }
}

test('/insights passes axe in both schemes, on a desktop and a phone, and never scrolls sideways', async ({ page }) => {
  await auditWidths(page);
  // The nav links here: the desktop bar, and the menu on a phone.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Insights' })).toBeVisible();
});

const cell = (votes: number, right: number) => ({ votes, right, accuracy: Math.round((right / votes) * 1000) / 10 });

/** Every figure given, as a busy contest's answer would be (the demo's votes leave most withheld). */
const BUSY: Insights = {
  updated_at: new Date().toISOString(),
  min_votes: 10,
  chance: 33.3,
  votes: 14_800,
  typed_votes: 4_200,
  matrix: {
    human: { votes: 2_000, guesses: { human: 1_200, ai: 500, hybrid: 300 } },
    ai: { votes: 1_800, guesses: { human: 900, ai: 600, hybrid: 300 } },
    hybrid: { votes: 400, guesses: { human: 100, ai: 100, hybrid: 200 } },
  },
  weekly: ['2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23'].map((week, i) => ({
    week,
    all: cell(3_000 + i * 500, 1_100 + i * 250),
    ai: i === 1 ? null : cell(400, 120 + i * 10),
    human: cell(500, 300 + i * 10),
    hybrid: cell(200, 50 + i * 5),
  })),
  genres: GENRES.map((genre, i) => ({ genre, cell: cell(1_000 + i * 70, 250 + i * 60) })),
  experience: [
    { band: '1-10', cell: cell(9_000, 3_300) },
    { band: '11-50', cell: cell(5_000, 2_100) },
    { band: '51+', cell: cell(800, 400) },
  ],
  rating_bands: [
    { band: 'under-1300', cell: cell(1_000, 200) },
    { band: '1300-1499', cell: cell(3_000, 900) },
    { band: '1500-1699', cell: cell(9_000, 4_000) },
    { band: '1700-plus', cell: cell(1_800, 1_300) },
  ],
  licence: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/', attribution: 'Fool Rate insights' },
  method: ['A vote is a scored guess.'],
};

test('with every figure given (a busy contest\'s answer in place of the demo\'s), the drawn charts and the tinted matrix pass axe and fit a phone', async ({ page, context }) => {
  // The context's route: it sees the service worker's requests too (the second load is the worker's).
  await context.route('**/api/public/insights', (route) => route.fulfill({ json: BUSY }));
  await auditWidths(page);
  await expect(page.getByTestId('bar')).toHaveCount(GENRES.length + 3 + 4);
  await expect(page.getByText('fewer than 10 votes')).toHaveCount(1);
});

test('by keyboard: Tab reaches each table and the CSV download, with a visible focus', async ({ page }) => {
  await page.goto('/insights');
  await figuresShown(page);
  const reached: string[] = [];
  const csv = page.getByRole('link', { name: 'Download CSV' });
  for (let i = 0; i < 80 && !(await csv.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
    const region = await page.evaluate(() => (document.activeElement?.getAttribute('role') === 'region' ? document.activeElement.getAttribute('aria-label') : null));
    if (region) reached.push(region);
  }
  await expect(csv).toBeFocused();
  await expect(csv).toHaveCSS('outline-style', 'solid');
  expect(reached).toEqual(FIGURES.map((f) => f.table));
});

test('after one visit, /insights opens offline with the last figures and says how old they are', async ({ page, context }) => {
  await page.goto('/insights');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // Controlled by the worker from the next load: its answer from the API is the one it saves.
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await figuresShown(page);
  const weeks = await page.getByRole('table', { name: 'Right guesses per week' }).getByRole('row').allTextContents();
  await expect(page.getByTestId('offline-note')).toHaveCount(0);

  await context.setOffline(true);
  await page.reload();
  await figuresShown(page);
  const note = page.getByRole('status').filter({ hasText: 'You are offline. These are the last figures saved' });
  await expect(note).toHaveText(/^You are offline\. These are the last figures saved, from (just now|\d+ (minute|hour|day)s? ago)\.$/);
  await expect(page.getByRole('table', { name: 'Right guesses per week' }).getByRole('row')).toHaveText(weeks);
  await context.setOffline(false);
  await expect(page.getByTestId('offline-note')).toHaveCount(0);
});
