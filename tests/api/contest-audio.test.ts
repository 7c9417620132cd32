import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBMISSION_MESSAGES } from '../../common/radio/submission';
import type { TrackDoc } from '../../functions/src/tracks/track-doc';
import { claimContestAudio } from '../../functions/src/tracks/contest-audio';
import { addTrack, makeAdmin } from './contest-fixtures';
import { ledgerInvariant, signUp, startHarness, type Harness } from './harness';
import { distinctSong, postSong, retagged, submitSong } from './submission-fixtures';

/**
 * One contest entry per recording (functions/src/tracks/contest-audio.ts): a second entry of the
 * same audio would tell whoever voted on the first the second's answer. Refused with a 409 and
 * nothing written, whoever sends it and however the file is tagged; the marketplace still takes
 * the recording; deleting the entry frees it.
 */
let h: Harness;
let admin: { uid: string; token: string };

beforeAll(async () => {
  h = await startHarness();
  admin = await signUp(h, 'ca_admin');
  await makeAdmin(h.db, admin.uid);
}, 60_000);
afterAll(() => h.close());

const IN_CONTEST = { status: 409, body: { error: { code: 'conflict', message: SUBMISSION_MESSAGES.audioInContest } } };
const contestFields = (title: string) => ({ title, artistName: 'Tone Works', songType: 'ai', submissionRoutes: '["contest"]' });
const post = (who: { token: string }, audio: Buffer, route: 'contest' | 'marketplace' | 'both' = 'contest') =>
  postSong(h, who, { ...contestFields('Tone'), submissionRoutes: route === 'both' ? '["contest","marketplace"]' : JSON.stringify([route]) }, audio);
const balanceOf = async (who: { token: string }): Promise<number> => (await h.call('GET', '/api/me', { token: who.token })).body.balance;
const moderate = async (track: { id: string }, action: 'reject' | 'delete') =>
  expect((await h.call('POST', `/api/cms/tracks/${track.id}/${action}`, { token: admin.token, body: {} })).status).toBe(200);

/** What a submission writes: its documents, and the stored files. */
async function state() {
  const cols = ['tracks', 'track_stats', 'clips', 'token_ledger', 'token_balances', 'contest_audio'];
  const snaps = await Promise.all(cols.map((c) => h.db.collection(c).get()));
  const root: string = h.deps.storage['root'];
  const files = (await readdir(root, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => relative(root, join(e.parentPath, e.name)));
  return { docs: Object.fromEntries(cols.map((c, i) => [c, snaps[i]!.docs.map((d) => `${d.id} ${JSON.stringify(d.data())}`).sort()])), files: files.sort() };
}

describe('POST /api/tracks: one contest entry per recording', () => {
  it('refuses the same recording again, from its artist or anyone, retagged or not, with nothing written or charged', { timeout: 60_000 }, async () => {
    const artist = await signUp(h, 'ca_artist');
    const song = await distinctSong(6);
    const [entry] = await submitSong(h, artist, contestFields('First Take'), song);
    expect(entry).toMatchObject({ submission_type: 'contest', status: 'pending' });

    const other = await signUp(h, 'ca_other');
    const before = await state();
    expect(await post(artist, song)).toMatchObject(IN_CONTEST);
    expect(await post(other, song)).toMatchObject(IN_CONTEST);
    // Other bytes (a new ID3 title), the same samples.
    expect(await post(other, await retagged(song, 'Not Mine'))).toMatchObject(IN_CONTEST);
    // Both routes at once: refused whole, the marketplace twin too.
    expect(await post(other, song, 'both')).toMatchObject(IN_CONTEST);
    expect(await state()).toEqual(before);
    expect(await balanceOf(artist)).toBe(40);
    expect(await balanceOf(other)).toBe(50);

    // The marketplace takes it (its listing hides the type while the entry is in the contest: content-twins.test).
    expect((await post(other, song, 'marketplace')).status).toBe(201);
  });

  it('a rejected entry still holds its recording (it can be approved again); deleting it frees the recording', { timeout: 60_000 }, async () => {
    const artist = await signUp(h, 'ca_redo');
    const song = await distinctSong(6);
    const [entry] = await submitSong(h, artist, contestFields('Redo'), song);
    await moderate(entry!, 'reject');
    expect(await post(artist, song)).toMatchObject(IN_CONTEST);
    await moderate(entry!, 'delete');
    const again = await post(artist, song);
    expect(again.status).toBe(201);
    expect((await h.db.collection('contest_audio').get()).docs.filter((d) => d.get('track_id') === again.body.tracks[0].id)).toHaveLength(2);
  });

  it('a contest track stored before the locks holds its recording by its content keys', async () => {
    const artist = await signUp(h, 'ca_legacy');
    const song = await distinctSong(6);
    const [listed] = await submitSong(h, artist, { ...contestFields('Listed'), submissionRoutes: '["marketplace"]' }, song);
    // An older contest entry of the same audio: keys, but no contest_audio lock.
    const old: TrackDoc = await addTrack(h, { submission_type: 'contest', status: 'approved', audio_keys: listed!.audio_keys });
    expect((await h.db.collection('contest_audio').doc(listed!.audio_keys![0]!).get()).exists).toBe(false);
    expect(await post(artist, song)).toMatchObject(IN_CONTEST);
    await moderate(old, 'delete');
    expect((await post(artist, song)).status).toBe(201);
  });

  it('eight submissions of one new recording at once, by four users: exactly one is entered and charged', { timeout: 120_000 }, async () => {
    const users = await Promise.all([0, 1, 2, 3].map((i) => signUp(h, `ca_race${i}`)));
    const song = await distinctSong(6);
    const results = await Promise.all(users.flatMap((u) => [post(u, song), post(u, song)]));
    const entered = results.filter((r) => r.status === 201);
    expect(entered).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201)) expect(r).toMatchObject(IN_CONTEST);

    const keys = (await h.db.collection('tracks').doc(entered[0]!.body.tracks[0].id).get()).get('audio_keys') as string[];
    const entries = await h.db.collection('tracks').where('audio_keys', 'array-contains-any', keys).get();
    expect(entries.docs.map((d) => d.id)).toEqual([entered[0]!.body.tracks[0].id]);
    expect((await Promise.all(users.map(balanceOf))).sort()).toEqual([40, 50, 50, 50]);
    for (const row of await ledgerInvariant(h.db)) expect(row.balance, row.user).toBe(row.sum);
  });

  it('claims of one recording in transactions that overlap: one takes it, the others are refused', async () => {
    const keys = ['sha256:overlap', 'pcm:overlap'];
    let reading = 0;
    let allRead: () => void;
    const overlapping = new Promise<void>((resolve) => (allRead = resolve));
    const claims = Array.from({ length: 6 }, (_, i) =>
      h.db.runTransaction(async (tx) => {
        const take = await claimContestAudio(h.db, tx, keys, `overlap${i}`, new Date().toISOString());
        // Every first attempt has read before any writes: without the lock, all would commit.
        if (++reading === 6) allRead();
        await Promise.race([overlapping, new Promise((r) => setTimeout(r, 2_000))]);
        tx.create(h.db.collection('tracks').doc(`overlap${i}`), { submission_type: 'contest', audio_keys: keys });
        take();
      }),
    );
    const settled = await Promise.allSettled(claims);
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
    for (const s of settled.filter((x) => x.status === 'rejected')) expect((s as PromiseRejectedResult).reason).toMatchObject({ status: 409, message: SUBMISSION_MESSAGES.audioInContest });
    expect((await h.db.collection('tracks').where('audio_keys', 'array-contains-any', keys).get()).size).toBe(1);
  });
});
