import { expect, test, type Page } from './fixtures';
import { e2eFirestore, guess, newUser, redeploy, setOnline, signUp, trackPosition, uidOf } from './helpers';

/**
 * The update prompt (src/features/pwa/update-prompt.tsx) against the real stack: a new service
 * worker waiting → the toast → Reload → the page runs under the new worker, and a guess queued
 * offline meanwhile is pushed and scored once back online.
 *
 * The new version is found online, before the guess: a device offline cannot fetch sw.js. Under
 * Playwright it could (the browser fetches the worker script out of reach of the offline
 * emulation and the routes), but the new worker's importScripts of workbox-*.js is within reach
 * and failed ('ServiceWorker script evaluation failed', 4 runs in 4), and a worker installed that
 * way sometimes stayed waiting after SKIP_WAITING: the old one never went idle (3 runs in 5).
 */

const SAVED = 'saved, result when you are back online';
const PROMPT = 'A new version is ready';

/** Puts the stack's own worker back once the test is over (a hook runs even after a timeout; the stack is shared). */
let putBack: (() => Promise<void>) | null = null;
test.afterEach(async () => {
  await putBack?.();
  putBack = null;
});

const MARK = '__FOOL_RATE_SW_MARK';
/** The built worker, byte-different: a new version that says so when asked 'version?' (on the port sent with the question). */
const nextWorker = (built: string) => `${built}
;self.${MARK} = 'next';
self.addEventListener('message', (event) => {
  if (event.data === 'version?') event.ports[0]?.postMessage(self.${MARK});
});
`;

/** What the page's controlling worker answers to 'version?' ('no answer' from the built one, which ignores the question, within 10 s). */
const controllerVersion = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const controller = navigator.serviceWorker.controller;
        if (!controller) return resolve('no controller');
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(String(event.data));
        controller.postMessage('version?', [channel.port2]);
        setTimeout(() => resolve('no answer'), 10_000);
      }),
  );

/** Whether a worker waits, and whether the active one controls the page. */
const workers = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const controller = navigator.serviceWorker.controller;
    return { waiting: Boolean(registration?.waiting), controlledByActive: controller !== null && controller === registration?.active };
  });

/** Asks the browser for the worker script now and resolves once a new one has installed and waits (or fails if none is found). */
const updateUntilWaiting = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    if (!registration) throw new Error('no registration');
    await registration.update();
    const found = registration.installing ?? registration.waiting;
    if (!found) throw new Error('the update check found no new worker');
    await new Promise<void>((resolve, reject) => {
      const settle = () => {
        if (found.state === 'installed') resolve();
        if (found.state === 'redundant') reject(new Error('the new worker failed to install'));
      };
      found.addEventListener('statechange', settle);
      settle();
    });
    return registration.waiting === found ? found.scriptURL : null;
  });

test('a new version waits, the prompt reloads the page into it by keyboard, and a guess queued offline meanwhile is scored once', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const user = newUser('swupdate');
  // A listener's first session, ready to go offline: the worker controls the page, the clips are cached.
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await signUp(page, user);
  await page.goto('/vote');
  await expect(trackPosition(page)).toHaveText(/^Track 1 of \d+$/, { timeout: 20_000 });
  const count = Number(/of (\d+)/.exec((await trackPosition(page).textContent()) ?? '')?.[1]);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect(page.getByTestId('clips-ready')).toBeVisible({ timeout: 30_000 });

  // A new version is deployed (only its worker script differs) and the update check finds it: it installs and waits.
  const served = async () => (await request.get('/sw.js')).text();
  expect(await served(), 'the worker as built (the page runs it), which does not answer the question').not.toContain(MARK);
  putBack = await redeploy('sw.js', nextWorker);
  expect(await served()).toContain(MARK);
  expect(await workers(page)).toEqual({ waiting: false, controlledByActive: true });
  expect(await updateUntilWaiting(page)).toMatch(/\/sw\.js$/);
  const toast = page.getByRole('listitem').filter({ hasText: PROMPT });
  await expect(toast).toBeVisible();
  expect(await workers(page)).toEqual({ waiting: true, controlledByActive: true });

  // Offline, a guess is saved on the device, not sent; the prompt stays.
  await setOnline(context, false);
  await guess(page, 'Human');
  await expect(page.getByText(SAVED)).toBeVisible();
  await expect(toast).toBeVisible();

  // Reload reached by keyboard: sonner's Alt+T focuses the toasts, then Tab: the toast, its Close, its action.
  const reload = toast.getByRole('button', { name: 'Reload' });
  await page.keyboard.press('Alt+T');
  await page.keyboard.press('Tab');
  await expect(toast).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(toast.getByRole('button', { name: 'Close toast' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(reload).toBeFocused();
  // The waiting worker takes over (SKIP_WAITING), and its controllerchange reloads the page.
  const reloaded = page.waitForEvent('load', { timeout: 20_000 });
  await page.keyboard.press('Enter');
  await reloaded;

  // The page runs under the new worker, still offline, in the same session, the guess still only on the device.
  await expect(trackPosition(page)).toHaveText(`Track 2 of ${count}`, { timeout: 20_000 });
  expect(await controllerVersion(page)).toBe('next');
  expect(await workers(page)).toEqual({ waiting: false, controlledByActive: true });
  await expect(page.getByText(PROMPT)).toHaveCount(0);
  // The guess is still on the device, unanswered: its unsent mark stays until the server has it,
  // and no score yet. (The server's count is checked once back online, not here: CI once saw a
  // push reach the server from the reloaded page while it was emulated offline, its answer lost,
  // which is the browser's emulation, not a device offline. A second push is then counted once.)
  const uid = await uidOf(user);
  expect(await page.evaluate((key) => localStorage.getItem(key), `foolrate:unsent-votes:${uid}`), 'the guess is still unsent on the device').not.toBeNull();
  await expect(page.getByTestId('vote-score')).toHaveText('0/0');
  const votes = (await e2eFirestore()).collection('votes').where('user_id', '==', uid);

  // Back online: the guess is pushed and scored, once.
  await setOnline(context, true);
  await expect.poll(async () => (await votes.get()).docs.map((d) => d.get('status') as string), { timeout: 30_000 }).toEqual(['scored']);
  await expect(page.getByTestId('vote-score')).toHaveText(/^[01]\/1$/, { timeout: 30_000 });
  expect((await votes.get()).size).toBe(1);
});
