import { expect, test } from './fixtures';
import { newUser, signIn, signUp } from './helpers';

/** Runs last (the 'after-all' project): it moves the tracks' covers to the stored images. */
test('an admin uploads all placeholders, sees progress, results and the toast; a second run updates no tracks', async ({ page, request }) => {
  test.setTimeout(180_000);
  await signIn(page, 'admin@demo.test', 'demo1234');
  await page.goto('/upload-placeholders');
  const start = page.getByRole('button', { name: 'Upload All Placeholders' });
  // The track step is held until the page has been seen saying so.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/cms/placeholders/migrate-tracks', async (route) => {
    await held;
    await route.continue();
  });
  await start.click();
  await expect(page.getByText(/^Uploading \d+ \/ 26\.\.\.$/)).toBeVisible();
  // After the images, the step that moves the tracks says so.
  await expect(page.getByText('Moving tracks onto the stored covers...')).toBeVisible({ timeout: 120_000 });
  release();
  const results = page.getByRole('list', { name: 'Upload results' }).getByRole('listitem');
  await expect(page.getByText('Upload & Migration Complete')).toBeVisible({ timeout: 120_000 });
  await expect(page.getByText(/^26 images uploaded, [1-9]\d* existing tracks updated$/)).toBeVisible();
  await expect(results).toHaveCount(26);
  await expect(results.filter({ hasText: 'Uploaded' })).toHaveCount(26);
  const stored = await request.get('/api/files/placeholders/cover-07.jpg');
  expect(stored.status()).toBe(200);
  expect(stored.headers()['content-type']).toBe('image/jpeg');

  await expect(start).toBeEnabled();
  await start.click();
  await expect(page.getByText('26 images uploaded, 0 existing tracks updated')).toBeVisible({ timeout: 120_000 });
});

test('others get the access message; signed out goes to /auth', async ({ page }) => {
  await page.goto('/upload-placeholders');
  await expect(page).toHaveURL(/\/auth/);
  await signUp(page, newUser('phuser'));
  await page.goto('/upload-placeholders');
  await expect(page.getByRole('heading', { name: 'You don’t have access to this page' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload All Placeholders' })).toHaveCount(0);
});
