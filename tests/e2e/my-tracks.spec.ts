import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import type { SongType } from '../../common/contest/contest';
import type { VoteSessionView } from '../../common/contest/voting';
import { newVote } from '../../src/features/vote/session/new-vote';
import { expect, test, type Page } from './fixtures';
import { bearer, e2eFirestore, freshTone, idToken, newUser, releaseSpendsOf, signIn, uniqueName, type NewUser } from './helpers';

/**
 * My Tracks with votes (issue 54 §2): an artist's contest track, voted on by listeners as the
 * arena's sync pushes votes, shows how they guessed (AI / Human / Hybrid), its rating and how it
 * did with the listeners rated above the median, once the stack's refresh has rolled the votes up
 * (3 s after a push).
 */

let dir = '';
test.beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'my-tracks-e2e-'));
});
test.afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A new account through the API, able to spend (as if it followed its verification link); returns its API headers. */
async function newAccount(request: APIRequestContext, user: NewUser): Promise<Record<string, string>> {
  const res = await request.post('/api/accounts/signup', { data: user });
  expect(res.status(), await res.text()).toBe(201);
  await releaseSpendsOf(user);
  return bearer(await idToken(request, user.email, user.password));
}

/** The artist's contest entry (a recording of its own, a Human track), approved by the admin; returns its id. */
async function approvedHumanTrack(request: APIRequestContext, headers: Record<string, string>, title: string): Promise<string> {
  const res = await request.post('/api/tracks', {
    headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
    multipart: {
      title,
      artistName: 'Split Tester',
      genre: 'Pop',
      songType: 'human',
      submissionRoutes: JSON.stringify(['contest']),
      previewStartTime: '2',
      audioFile: { name: 'tone.mp3', mimeType: 'audio/mpeg', buffer: await freshTone(join(dir, `${crypto.randomUUID()}.mp3`), 50) },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const id = ((await res.json()) as { tracks: Array<{ id: string }> }).tracks[0]!.id;
  const admin = bearer(await idToken(request, 'admin@demo.test', 'demo1234'));
  const approved = await request.post(`/api/cms/tracks/${id}/approve`, { headers: admin, data: {} });
  expect(approved.status(), await approved.text()).toBe(200);
  return id;
}

/**
 * What a listener's arena does, through the API: opens sessions and pushes `guess` for each of
 * their clips (which finishes them), until a session had `trackId` in it.
 */
async function voteUntilTrack(request: APIRequestContext, headers: Record<string, string>, trackId: string, guess: SongType): Promise<void> {
  const db = await e2eFirestore();
  for (let sessions = 0; ; sessions++) {
    expect(sessions, 'sessions opened before one with the track').toBeLessThan(20);
    const opened = await request.post('/api/vote-sessions', { headers, data: {} });
    expect(opened.ok(), await opened.text()).toBe(true);
    const { session } = (await opened.json()) as { session: VoteSessionView | null };
    expect(session, 'a session with the track').not.toBeNull();
    const votes = session!.clips.map((c) => ({ assumedMasterState: null, newDocumentState: newVote({ session_id: session!.id, clip_id: c.clip_id, guess }) }));
    const pushed = await request.post('/api/sync/votes/push', { headers, data: votes });
    expect(pushed.ok(), await pushed.text()).toBe(true);
    const trackIds = (await db.collection('vote_sessions').doc(session!.id).get()).get('track_ids') as string[];
    if (trackIds.includes(trackId)) return;
  }
}

async function noAxeViolations(page: Page): Promise<void> {
  const axe = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test("My Tracks shows how a contest track's voters guessed, its rating, and how it fooled the listeners rated above the median", async ({ page, request }) => {
  test.setTimeout(150_000); // two listeners open sessions until the track comes up
  const artist = newUser('splitart');
  const title = uniqueName('Split Song ');
  const trackId = await approvedHumanTrack(request, await newAccount(request, artist), title);
  // One listener guesses AI, another Hybrid: the Human track fooled both.
  for (const guess of ['ai', 'hybrid'] as const) await voteUntilTrack(request, await newAccount(request, newUser(`split${guess}`)), trackId, guess);

  await signIn(page, artist.email, artist.password);
  await page.goto('/my-tracks');
  const row = page.getByRole('listitem', { name: title });
  // The page reads the list again every few seconds; the refresh after the pushes rolls the votes up.
  await expect(row).toContainText('2 votes · 100.0% fool rate', { timeout: 30_000 });
  const split = row.getByRole('list', { name: 'How voters guessed' }).getByRole('listitem');
  await expect(split).toHaveText(['AI50%', 'Human (right)0%', 'Hybrid50%']);
  await expect(row.getByTestId('track-rating')).toHaveText(/^Rating \d+ ± \d+$/);
  await expect(row.getByTestId('expert-votes')).toHaveText(
    /^(Fooled 100% of listeners rated above the median \([12] votes?\)|No listeners rated above the median have voted on it yet)$/,
  );
  await noAxeViolations(page);

  // On a phone the split stays readable: the three shares side by side, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(split).toHaveText(['AI50%', 'Human (right)0%', 'Hybrid50%']);
  const boxes = await split.evaluateAll((items) => items.map((li) => li.getBoundingClientRect()));
  expect(new Set(boxes.map((b) => Math.round(b.top))).size, 'the three shares on one line').toBe(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await noAxeViolations(page);
});
