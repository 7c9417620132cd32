import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect, test, type Page } from './fixtures';
import { balancePill, chooseTrack, freshTone, newUser, signIn, signUp } from './helpers';

let dir = '';
let songs = 0;

test.beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'submit-e2e-'));
});

/**
 * "Sunset Drive.mp3", 70 s of three tones (so the 45 s window can move by up to 25 s), a recording
 * of its own at each call (the contest takes one entry per recording); its path.
 */
async function sunsetDrive(): Promise<string> {
  const file = join(dir, String(songs++), 'Sunset Drive.mp3');
  await mkdir(dirname(file));
  await freshTone(file, 70, 3);
  return file;
}

test.afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const submitButton = (page: Page) => page.getByRole('button', { name: 'Submit Track' });

test('an artist picks the clip, enters the contest, pays 10 tokens and lands on /vote; the same song again is refused', async ({ page }) => {
  const mp3 = await sunsetDrive();
  await signUp(page, newUser('subm'));
  await page.goto('/submit');
  await expect(submitButton(page)).toBeDisabled();
  // The disabled button says what it still needs.
  await expect(submitButton(page)).toHaveAccessibleDescription('To submit, add a title, a genre and an audio file.');

  await chooseTrack(page, mp3);
  const slider = page.getByLabel('Clip start');
  await expect(page.getByText('Clip: 0:00 – 0:45')).toBeVisible();
  await expect(page.getByText('Voters hear 45 seconds from this point, with a short fade in and out.')).toBeVisible();
  await expect(slider).toHaveAttribute('max', '25');
  await slider.press('End');
  await expect(page.getByText('Clip: 0:25 – 1:10')).toBeVisible();
  await slider.press('Home');
  await expect(page.getByText('Clip: 0:00 – 0:45')).toBeVisible();
  await slider.fill('12.3');
  await expect(slider).toHaveValue('12.3');
  await expect(page.getByText('Clip: 0:12.3 – 0:57.3')).toBeVisible();

  await page.getByRole('button', { name: 'Play Preview' }).click();
  await page.getByRole('button', { name: 'Stop Preview' }).click();
  await expect(page.getByRole('button', { name: 'Play Preview' })).toBeVisible();

  await page.getByRole('button', { name: 'Lock This Segment' }).click();
  await expect(slider).toBeDisabled();
  await page.getByRole('button', { name: 'Change Segment' }).click();
  await expect(slider).toBeEnabled();
  await slider.fill('10');
  await expect(page.getByText('Clip: 0:10 – 0:55')).toBeVisible();
  await page.getByRole('button', { name: 'Lock This Segment' }).click();
  await expect(page.getByRole('button', { name: 'Change Segment' })).toBeVisible();
  await expect(slider).toBeDisabled();

  // Title and audio are there; the genre is still missing.
  await expect(submitButton(page)).toBeDisabled();
  await expect(page.getByText('To submit, add a genre.')).toBeVisible();
  await page.getByLabel('Genre').selectOption('Electronic');
  await page.getByLabel('AI', { exact: true }).check();
  await page.getByLabel('Contest', { exact: true }).check();
  await expect(page.getByTestId('submission-cost')).toContainText('Cost: 10 tokens');
  await expect(submitButton(page)).toBeEnabled();
  await expect(page.getByText(/^To submit, add/)).toHaveCount(0);
  await submitButton(page).click();

  await expect(page.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
  // Busy, the button keeps the focus the click gave it (aria-disabled, not disabled).
  await expect(page.getByRole('button', { name: 'Submitting...' })).toBeFocused();
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByText('Track submitted successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/vote$/);
  await expect(balancePill(page)).toHaveText('40 tokens');

  // The same recording again: one contest entry per recording, nothing charged.
  await page.goto('/submit');
  await chooseTrack(page, mp3);
  await page.getByLabel('Genre').selectOption('Electronic');
  await page.getByLabel('Contest', { exact: true }).check();
  await submitButton(page).click();
  await expect(page.getByText('Submission failed')).toBeVisible();
  await expect(page.getByText('This audio has already been submitted to the contest.')).toBeVisible();
  await expect(page).toHaveURL(/\/submit$/);
  await expect(submitButton(page)).toBeEnabled();
  await expect(balancePill(page)).toHaveText('40 tokens');
});

test('refused files and a missing route are explained, and nothing is charged', async ({ page }) => {
  const mp3 = await sunsetDrive();
  await signUp(page, newUser('subx'));
  await page.goto('/submit');

  const audio = page.getByLabel('Audio file');
  await audio.setInputFiles({ name: 'x.txt', mimeType: 'text/plain', buffer: Buffer.from('not audio at all') });
  await expect(page.getByText('Unsupported audio file')).toBeVisible();
  await expect(audio).toHaveJSProperty('value', '');
  // The reason stays under the field, which is marked invalid and described by it.
  await expect(audio).toHaveAttribute('aria-invalid', 'true');
  await expect(audio).toHaveAccessibleDescription(/^Choose an mp3, m4a, wav, aac, ogg or flac file\./);
  await expect(page.getByLabel('Title')).toHaveValue('');
  await expect(page.getByLabel('Clip start')).toHaveCount(0);

  // A file with an audio name that is not audio (a PNG renamed .mp3) is flagged when chosen, not after its upload.
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f3c1d30000000049454e44ae426082', 'hex');
  await audio.setInputFiles({ name: 'picture.mp3', mimeType: 'audio/mpeg', buffer: png });
  await expect(page.getByTestId('audio-unreadable')).toHaveText(
    'This browser could not read this file as audio. Choose another file, or submit it and the server will check it.',
  );
  await expect(page.getByText('picture.mp3 · 0 KB')).toBeVisible();
  await expect(audio).not.toHaveAttribute('aria-invalid');
  await expect(audio).toHaveAccessibleDescription(/^This browser could not read this file as audio\./);
  await expect(page.getByLabel('Clip start')).toHaveCount(0);

  const video = page.getByLabel('Video file (optional)');
  await video.setInputFiles({ name: 'v.mp4', mimeType: 'video/mp4', buffer: Buffer.alloc(21 * 1024 * 1024) });
  await expect(page.getByText('Video too large')).toBeVisible();
  await expect(page.locator('[data-sonner-toast]').getByText('Maximum video size is 20MB')).toBeVisible();
  await expect(video).toHaveAccessibleDescription(/^Maximum video size is 20MB/);
  await expect(video).toHaveJSProperty('value', '');
  await expect(page.getByText('v.mp4')).toHaveCount(0);

  // A readable file in its place: the warning goes, and the title the form wrote follows the new file.
  await chooseTrack(page, mp3);
  await expect(page.getByTestId('audio-unreadable')).toHaveCount(0);
  await page.getByLabel('Genre').selectOption('Pop');
  await expect(submitButton(page)).toBeEnabled();
  await submitButton(page).click();
  await expect(page.getByText('Selection required')).toBeVisible();
  await expect(page.getByText('Please select at least one submission route (Contest or Marketplace)')).toBeVisible();
  await expect(page).toHaveURL(/\/submit$/);
  await expect(balancePill(page)).toHaveText('50 tokens');
});

test('marketplace goes to /marketplace, both routes cost 20, and a short balance is refused', async ({ page }) => {
  const mp3 = await sunsetDrive();
  await signUp(page, newUser('subm3'));

  await page.goto('/submit');
  await chooseTrack(page, mp3);
  await page.getByLabel('Artist name').fill('Kai');
  await page.getByLabel('Genre').selectOption('Jazz');
  await page.getByLabel('Marketplace', { exact: true }).check();
  await expect(page.getByTestId('submission-cost')).toContainText('Cost: 15 tokens');
  await submitButton(page).click();
  await expect(page.getByText('Track submitted successfully!')).toBeVisible();
  // The marketplace does not show it yet: the toast says why, and where to follow it.
  await expect(page.getByText('It shows in the marketplace once an admin approves and lists it; follow it on My Tracks.')).toBeVisible();
  await expect(page).toHaveURL(/\/marketplace$/);
  await expect(balancePill(page)).toHaveText('35 tokens');

  for (const expected of ['ok', 'refused'] as const) {
    await page.goto('/submit');
    await chooseTrack(page, mp3);
    await page.getByLabel('Genre').selectOption('Rock');
    await page.getByLabel('Hybrid', { exact: true }).check();
    await page.getByRole('group', { name: 'AI elements' }).getByLabel('Vocals').check();
    await page.getByRole('group', { name: 'Human elements' }).getByLabel('Lyrics').check();
    await page.getByRole('group', { name: 'Tools used' }).getByLabel('AI Maestro').check();
    await page.getByLabel(/Creation story/).fill('Sung by a person over a generated beat.');
    await page.getByLabel('Contest', { exact: true }).check();
    await page.getByLabel('Marketplace', { exact: true }).check();
    await expect(page.getByTestId('submission-cost')).toContainText('Cost: 20 tokens for both (saves 5)');
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/tracks') uploads.push(r.url());
    });
    await submitButton(page).click();
    if (expected === 'ok') {
      await expect(page.getByText('Track submitted successfully!')).toBeVisible();
      await expect(page).toHaveURL(/\/vote$/);
      await expect(balancePill(page)).toHaveText('15 tokens');
    } else {
      await expect(page.getByText('Insufficient tokens')).toBeVisible();
      await expect(page.getByText('You need 20 tokens but only have 15.')).toBeVisible();
      // Said before the upload: the file was not sent (the API refuses it too, tests/api).
      expect(uploads).toEqual([]);
      await expect(page).toHaveURL(/\/submit$/);
      await expect(submitButton(page)).toBeEnabled();
      await expect(balancePill(page)).toHaveText('15 tokens');
    }
  }
});

test('admins are told they submit for free', async ({ page }) => {
  await signIn(page, 'admin@demo.test', 'demo1234');
  await page.goto('/submit');
  await expect(page.getByText('Admins submit for free')).toBeVisible();
});
