import AxeBuilder from '@axe-core/playwright';
import { NEW_RATING } from '../../common/contest/rating';
import { expect, test } from './fixtures';
import { guess, newUser, nextTrack, signUp, trackPosition, VERDICT } from './helpers';

/**
 * The end screen of a session (issue 54 §2): the listener's new rating and its change, and Share
 * result, whose text has the score, one mark per track and the link, but names no track. A new
 * listener's first session is free; the demo seed has enough approved contest tracks. The clipboard
 * permissions are the config's.
 */

test('the end screen shows the new rating, and Share result copies the score and marks without naming a track', async ({ page }) => {
  test.setTimeout(120_000);
  // No share sheet (desktop Chromium on Linux has none, but a build with one would open it): the copy.
  await page.addInitScript(() => Reflect.deleteProperty(Navigator.prototype, 'share'));
  await signUp(page, newUser('sharer'));
  await page.goto('/vote');
  await expect(trackPosition(page)).toHaveText(/^Track 1 of \d+$/, { timeout: 20_000 });
  const count = Number(/of (\d+)/.exec((await trackPosition(page).textContent()) ?? '')?.[1]);

  // Through the whole session, keeping what the reveals name: the shared text must carry none of it.
  const named: string[] = [];
  const marks: string[] = [];
  for (let n = 1; n <= count; n++) {
    await expect(trackPosition(page)).toHaveText(`Track ${n} of ${count}`);
    await guess(page, 'AI');
    await expect(page.getByTestId('verdict')).toHaveText(VERDICT);
    marks.push((await page.getByTestId('verdict').textContent())?.startsWith('Correct') ? '✅' : '❌');
    named.push((await page.getByTestId('reveal-title').innerText()).trim(), (await page.getByTestId('reveal-artist').innerText()).trim());
    if (n < count) await nextTrack(page);
  }
  await page.getByRole('button', { name: 'Finish Competition' }).click();
  const complete = page.getByRole('heading', { name: 'Competition Complete! 🏆' });
  await expect(complete).toBeFocused();
  const correct = marks.filter((m) => m === '✅').length;
  await expect(page.getByTestId('final-score')).toHaveText(`${correct}/${count}`);

  // A new listener starts at 1500 ± 350: the session's change leads from there to the rating shown.
  const rating = page.getByTestId('session-rating');
  await expect(rating).toHaveText(/^Rating \d{3,4} ± \d{1,3} (\+\d+\(up \d+\)|−\d+\(down \d+\)|±0\(unchanged\))$/);
  const [, after, deviation, sign, moved] = /^Rating (\d+) ± (\d+) ([+−±])(\d+)/.exec((await rating.textContent()) ?? '') ?? [];
  const change = (sign === '−' ? -1 : 1) * Number(moved);
  expect(Math.abs(Number(after) - change - NEW_RATING.rating)).toBeLessThanOrEqual(1);
  expect(Number(deviation)).toBeLessThan(NEW_RATING.deviation);

  // By keyboard: from the focused heading, Tab reaches New Session, then Share result.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'New Session' })).toBeFocused();
  await page.keyboard.press('Tab');
  const share = page.getByRole('button', { name: 'Share result' });
  await expect(share).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Copied!')).toBeVisible();
  const text = await page.evaluate(() => navigator.clipboard.readText());
  const origin = new URL(page.url()).origin;
  expect(text).toBe(`Fool Rate ${correct}/${count}\n${marks.join('')}\nRating ${after} ± ${deviation}\n${origin}/vote`);
  expect(text).toContain(`${correct}/${count}`);
  for (const name of named) expect(text).not.toContain(name);
  expect(text).not.toMatch(/\b(AI|Human|Hybrid)\b/);

  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const { violations } = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
    expect(violations.map((v) => `${colorScheme} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }
});
