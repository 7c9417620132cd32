import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';
import { newUser, signUp, trackPosition } from './helpers';

/**
 * The arena on a phone (issue 54 §2): once a session is loaded, the clip's player, the three
 * guesses and Submit Guess are on screen, between the bar at the top and the radio bar at the
 * bottom, without scrolling. Each size is a phone (touch, mobile viewport) of a new listener,
 * whose first session is free.
 */

type Box = { x: number; y: number; width: number; height: number };

const PHONES = [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
] as const;

/** Where `name`'s box is, and whether it lies within the screen, below the top bar and above the radio bar. */
function placed(name: string, box: Box | null, screen: { width: number; height: number }, top: number, bottom: number) {
  return {
    name,
    box,
    inside: box !== null && box.x >= 0 && box.x + box.width <= screen.width && box.y >= top && box.y + box.height <= Math.min(bottom, screen.height),
  };
}

async function arenaLoaded(page: Page): Promise<void> {
  await page.goto('/vote');
  await expect(trackPosition(page)).toHaveText(/^Track 1 of \d+$/, { timeout: 20_000 });
  await expect(page.getByTestId('mystery-cover')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Play clip' })).toBeVisible();
  // The session's clips are saved: the arena has all it shows before a guess.
  await expect(page.getByTestId('clips-ready')).toBeVisible({ timeout: 30_000 });
}

for (const phone of PHONES) {
  test.describe(`a ${phone.width}×${phone.height} phone`, () => {
    test.use({ viewport: phone, isMobile: true, hasTouch: true });

    test(`the arena's player, three guesses and Submit Guess are on screen above the radio bar (${phone.width}×${phone.height})`, async ({ page }) => {
      await signUp(page, newUser('phone'));
      await arenaLoaded(page);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);

      const topBar = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
      const radioBar = await page.getByRole('region', { name: 'Radio player' }).boundingBox();
      expect(topBar).not.toBeNull();
      expect(radioBar).not.toBeNull();
      const top = topBar!.y + topBar!.height;
      const bottom = radioBar!.y;

      const guesses = page.getByRole('group', { name: 'Your guess' });
      const controls = {
        player: page.getByTestId('clip-player'),
        'Play clip': page.getByRole('button', { name: 'Play clip' }),
        AI: guesses.getByRole('button', { name: 'AI', exact: true }),
        Human: guesses.getByRole('button', { name: 'Human', exact: true }),
        Hybrid: guesses.getByRole('button', { name: 'Hybrid', exact: true }),
        'Submit Guess': page.getByRole('button', { name: 'Submit Guess' }),
      };
      const boxes = [];
      for (const [name, locator] of Object.entries(controls)) boxes.push(placed(name, await locator.boundingBox(), phone, top, bottom));
      const submit = boxes.find((b) => b.name === 'Submit Guess')!.box;
      test.info().annotations.push({
        type: 'measure',
        description: `${phone.width}×${phone.height}: Submit Guess bottom ${submit ? submit.y + submit.height : 'none'}, radio bar top ${bottom}`,
      });
      expect(boxes.filter((b) => !b.inside).map((b) => `${b.name} at ${JSON.stringify(b.box)}, not within ${top}..${bottom}`)).toEqual([]);
      // Measured without scrolling: nothing above moved the page.
      expect(await page.evaluate(() => window.scrollY)).toBe(0);

      // The compact arena stays accessible at this size.
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  });
}
