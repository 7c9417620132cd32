import type { Locator } from '@playwright/test';
import { SONG_TYPE_LABELS } from '../../common/contest/contest';
import { expect, test, type Page } from './fixtures';
import { firstAnswer, newUser, signUp } from './helpers';

/**
 * Keyboard alone (Tab, Enter, Space, Escape; no mouse) with a visible focus ring on each stop:
 * the skip link, one arena round from the first clip to the reveal, the radio bar, the mobile menu dialog.
 * And prefers-reduced-motion: a correct guess throws confetti, except for people who ask for
 * less motion.
 */

/** Presses Tab until `target` has the focus, then checks that the focus ring shows. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let i = 0; i < 80 && !(await target.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
  await expect(target).toHaveCSS('outline-style', 'solid');
}

/** Signs up, opens /vote and plays the first round by keyboard, guessing right. */
async function playFirstRoundByKeyboard(page: Page): Promise<void> {
  const user = newUser('keys');
  await signUp(page, user);
  await page.goto('/vote');
  await expect(page.getByTestId('track-position')).toHaveText(/^Track 1 of \d+$/, { timeout: 20_000 });
  const answer = await firstAnswer(user);

  // The first Tab reaches 'Skip to content', shown while focused; it takes the keyboard past the bar into the page.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await expect(skip).toHaveCSS('outline-style', 'solid');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await expect(page).toHaveURL(/\/vote$/);
  await page.keyboard.press('Tab');
  expect(await page.getByRole('main').evaluate((main) => main !== document.activeElement && main.contains(document.activeElement))).toBe(true);

  const play = page.getByRole('button', { name: 'Play clip' });
  await tabTo(page, play);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('clip-player')).toHaveAttribute('data-playing', 'true');
  await expect(page.getByTestId('clip-elapsed')).not.toHaveText('0:00', { timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Pause clip' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('clip-player')).toHaveAttribute('data-playing', 'false');

  // Tab into the choices, then the arrow keys move between them (AI, Human, Hybrid).
  const choices = page.getByRole('group', { name: 'Your guess' });
  await tabTo(page, choices.getByRole('button', { name: 'AI', exact: true }));
  await page.keyboard.press('ArrowLeft');
  await expect(choices.getByRole('button', { name: 'Hybrid', exact: true })).toBeFocused();
  const choice = choices.getByRole('button', { name: SONG_TYPE_LABELS[answer], exact: true });
  for (let i = 0; i < 3 && !(await choice.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('ArrowRight');
  await expect(choice).toBeFocused();
  await expect(choice).toHaveCSS('outline-style', 'solid');
  await page.keyboard.press('Space');
  await expect(choice).toHaveAttribute('aria-pressed', 'true');
  await tabTo(page, page.getByRole('button', { name: 'Submit Guess' }));
  // Each frame from here on notes whether the focus fell to the page's body.
  await page.evaluate(() => {
    const w = window as unknown as { focusFell: boolean };
    w.focusFell = false;
    const watch = () => {
      if (document.activeElement === document.body || !document.activeElement) w.focusFell = true;
      requestAnimationFrame(watch);
    };
    watch();
  });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('verdict')).toHaveText('Correct! 🎉');
  // The reveal is announced whole: verdict, title and artist in one live region.
  await expect(page.getByRole('status').filter({ has: page.getByTestId('verdict') })).toContainText(await page.getByTestId('reveal-title').innerText());
  // While the vote is sent, Submit Guess keeps the focus (Submitting...); then it goes on to Next Track, never to the page.
  const next = page.getByRole('button', { name: 'Next Track' });
  await expect(next).toBeFocused();
  expect(await page.evaluate(() => (window as unknown as { focusFell: boolean }).focusFell)).toBe(false);
  // ...and in view, above the radio bar: the reveal grew the card above it (it sat below the fold).
  await expect(next).toBeInViewport({ ratio: 1 });
  const [button, bar] = await Promise.all([next.boundingBox(), page.getByRole('region', { name: 'Radio player' }).boundingBox()]);
  expect(button!.y + button!.height).toBeLessThanOrEqual(bar!.y);
}

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('a listener plays one arena round by keyboard alone, and a correct guess throws no confetti', async ({ page }) => {
    await playFirstRoundByKeyboard(page);
    await expect(page.getByTestId('reveal-title')).not.toBeEmpty();
    await expect(page.locator('canvas')).toHaveCount(0);
    // The arena moves on by itself after the reveal, the focus with it: Enter plays the next clip.
    await expect(page.getByTestId('track-position')).toHaveText(/^Track 2 of/);
    await expect(page.locator('canvas')).toHaveCount(0);
    const play = page.getByRole('button', { name: 'Play clip' });
    await expect(play).toBeFocused();
    await expect(play).toHaveCSS('outline-style', 'solid');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('clip-player')).toHaveAttribute('data-playing', 'true');
  });
});

test('without reduced motion, the same correct guess throws confetti', async ({ page }) => {
  await playFirstRoundByKeyboard(page);
  await expect(page.locator('canvas[aria-hidden="true"]')).toHaveCount(1);
});

test('the radio bar and the mobile menu work by keyboard, with focus kept in the menu and given back', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const radio = page.getByRole('region', { name: 'Radio player' });
  const playRadio = radio.getByRole('button', { name: 'Play radio' });
  await tabTo(page, playRadio);
  await page.keyboard.press('Enter');
  await expect(radio.getByRole('button', { name: 'Pause radio' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(playRadio).toBeFocused();
  // The volume is there on a phone too, and the arrow keys move it.
  const volume = radio.getByRole('slider', { name: 'Volume' });
  await tabTo(page, volume);
  const before = Number(await volume.inputValue());
  await page.keyboard.press(before > 0 ? 'ArrowLeft' : 'ArrowRight');
  await expect(volume).not.toHaveValue(String(before));

  const menuButton = page.getByRole('button', { name: 'Open menu' });
  await tabTo(page, menuButton);
  await page.keyboard.press('Enter');
  const menu = page.getByRole('dialog');
  await expect(menu).toBeVisible();
  await expect.poll(() => menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Tab');
  await expect.poll(() => menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(menuButton).toBeFocused();

  // A link followed from the menu: the menu closes and the keyboard starts in the new page's content.
  await page.keyboard.press('Enter');
  await tabTo(page, menu.getByRole('link', { name: 'Get Tokens' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(menu).toHaveCount(0);
  await expect(page.getByRole('main')).toBeFocused();
  await expect(page.getByRole('button', { name: 'Buy' }).first()).toBeVisible();
  await page.keyboard.press('Tab');
  expect(await page.getByRole('main').evaluate((main) => main !== document.activeElement && main.contains(document.activeElement))).toBe(true);
});

test('a link followed by keyboard, in the bar or in the page, puts the keyboard at the start of the new page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await tabTo(page, nav.getByRole('link', { name: 'Get Tokens' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/pricing$/);
  const main = page.getByRole('main');
  await expect(main).toBeFocused();
  // Tab goes on from the top of the page's content (once shown), not from the bar.
  await expect(page.getByRole('button', { name: 'Buy' }).first()).toBeVisible();
  await page.keyboard.press('Tab');
  expect(await main.evaluate((el) => el !== document.activeElement && el.contains(document.activeElement))).toBe(true);

  // From a footer link too (its old place is at the very bottom; focused directly, past the page).
  const terms = page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' });
  await terms.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/terms$/);
  await expect(main).toBeFocused();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
});
