import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBMISSION_MESSAGES } from '../../common/radio/submission';
import { backfillAudioPrints } from '../../functions/src/marketplace/backfill-audio-prints';
import { addTrack, makeAdmin } from './contest-fixtures';
import { ledgerInvariant, signUp, startHarness, type Harness } from './harness';
import { piece, reencode, type Encoding } from './music-fixtures';
import { approve, list, storedTrack } from './submission-fixtures';

/**
 * Acoustic twins (functions/src/tracks/acoustic-twins.ts): a contest entry that sounds the same as
 * another contest track, or as a song listed with its type shown, by the fingerprint
 * (tracks/fingerprint.ts) and not only by its bytes or samples: a re-encoded, trimmed or quieter
 * copy is refused with a 409 and nothing stored or charged; so are a CMS re-approval and a move
 * to the contest of such a track.
 */
let h: Harness;
let admin: { uid: string; token: string };

beforeAll(async () => {
  h = await startHarness();
  admin = await signUp(h, 'at_admin');
  await makeAdmin(h.db, admin.uid);
}, 60_000);
afterAll(() => h.close());

const SOUNDS_LIKE_CONTEST = { status: 409, body: { error: { code: 'conflict', message: SUBMISSION_MESSAGES.soundsLikeContestTrack } } };
const SOUNDS_LIKE_LISTING = { status: 409, body: { error: { code: 'conflict', message: SUBMISSION_MESSAGES.soundsLikeListing } } };

let seeds = 100;
/** A piece no other test here uses, 14 s, as `as`. */
const freshPiece = (as: Encoding = 'mp3') => piece(seeds++, 14, as);

type Who = { token: string };
/** POST /api/tracks with the file named for its encoding. */
async function post(who: Who, audio: Buffer, ext: Encoding, routes: string[] = ['contest'], title = 'Twin Study') {
  const body = new FormData();
  const fields = { title, artistName: 'Print Works', songType: 'ai', genre: 'Jazz', previewStartTime: '1', submissionRoutes: JSON.stringify(routes) };
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  body.append('audioFile', new Blob([new Uint8Array(audio)]), `song.${ext}`);
  const res = await fetch(h.url('/api/tracks'), { method: 'POST', headers: { Authorization: `Bearer ${who.token}` }, body });
  return { status: res.status, body: (await res.json()) as any };
}
async function entered(who: Who, audio: Buffer, ext: Encoding, routes: string[] = ['contest']) {
  const res = await post(who, audio, ext, routes);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return Promise.all((res.body.tracks as Array<{ id: string }>).map((t) => storedTrack(h, t.id)));
}
const balanceOf = async (who: Who): Promise<number> => (await h.call('GET', '/api/me', { token: who.token })).body.balance;
const cms = (path: string, body: object = {}) => h.call('POST', `/api/cms/tracks/${path}`, { token: admin.token, body });

/** What a submission writes: its documents, and the stored files. */
async function state() {
  const cols = ['tracks', 'track_stats', 'clips', 'token_ledger', 'token_balances', 'contest_audio', 'contest_prints', 'audio_prints'];
  const snaps = await Promise.all(cols.map((c) => h.db.collection(c).get()));
  const root: string = h.deps.storage['root'];
  const files = (await readdir(root, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => relative(root, join(e.parentPath, e.name)));
  return { docs: Object.fromEntries(cols.map((c, i) => [c, snaps[i]!.docs.map((d) => d.id).sort()])), files: files.sort() };
}

describe('POST /api/tracks: acoustic twins of a contest track', () => {
  it('refuses re-encoded (mp3, AAC, WAV), trimmed and quieter copies of a contest entry, from anyone, with nothing written or charged', { timeout: 240_000 }, async () => {
    const artist = await signUp(h, 'at_artist');
    const song = await freshPiece('wav');
    const [entry] = await entered(artist, song, 'wav');
    expect(entry!.print_keys!.length).toBeGreaterThan(10);
    expect((await h.db.collection('audio_prints').doc(entry!.print_id!).get()).exists).toBe(true);

    const other = await signUp(h, 'at_other');
    const copies: Array<[Buffer, Encoding]> = [
      [await reencode(song, 'mp3'), 'mp3'],
      [await reencode(song, 'm4a'), 'm4a'],
      [await reencode(await reencode(song, 'mp3'), 'wav'), 'wav'],
      [await reencode(song, 'mp3', { trimSeconds: 2.5 }), 'mp3'],
      [await reencode(song, 'm4a', { gainDb: -6 }), 'm4a'],
    ];
    const before = await state();
    for (const [copy, ext] of copies) expect(await post(other, copy, ext)).toMatchObject(SOUNDS_LIKE_CONTEST);
    // Both routes at once: refused whole, the marketplace twin too.
    expect(await post(artist, copies[1]![0], 'm4a', ['contest', 'marketplace'])).toMatchObject(SOUNDS_LIKE_CONTEST);
    expect(await state()).toEqual(before);
    expect(await balanceOf(other)).toBe(50);
    expect(await balanceOf(artist)).toBe(40);

    // The marketplace takes a copy; another piece enters the contest.
    expect((await post(other, copies[0]![0], 'mp3', ['marketplace'])).status).toBe(201);
    expect((await post(other, await freshPiece('m4a'), 'm4a')).status).toBe(201);
  });

  it('two concurrent entries of one piece in two encodings: one gets in and is charged', { timeout: 120_000 }, async () => {
    const [a, b] = [await signUp(h, 'at_race_a'), await signUp(h, 'at_race_b')];
    const song = await freshPiece('wav');
    const [mp3, m4a] = [await reencode(song, 'mp3'), await reencode(song, 'm4a', { trimSeconds: 1.5 })];
    const results = await Promise.all([post(a, mp3, 'mp3'), post(b, m4a, 'm4a'), post(a, m4a, 'm4a'), post(b, mp3, 'mp3')]);
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201)) expect([SUBMISSION_MESSAGES.soundsLikeContestTrack, SUBMISSION_MESSAGES.audioInContest]).toContain(r.body.error.message);
    expect([await balanceOf(a), await balanceOf(b)].sort()).toEqual([40, 50]);
    for (const row of await ledgerInvariant(h.db)) expect(row.balance, row.user).toBe(row.sum);
  });
});

describe('acoustic twins of a listing that shows its type', () => {
  it('refuses a re-encoded copy of a listed song as a contest entry; once the listing is gone it is taken', { timeout: 120_000 }, async () => {
    const seller = await signUp(h, 'at_seller');
    const song = await freshPiece('mp3');
    const [market] = await entered(seller, song, 'mp3', ['marketplace']);
    await approve(h, admin, market!);
    const listing = await list(h, admin, market!);
    expect(listing).toMatchObject({ song_type: 'ai', in_contest: false });

    const copier = await signUp(h, 'at_copier');
    const before = await state();
    expect(await post(copier, await reencode(song, 'm4a', { trimSeconds: 2 }), 'm4a')).toMatchObject(SOUNDS_LIKE_LISTING);
    expect(await state()).toEqual(before);
    expect(await balanceOf(copier)).toBe(50);

    expect((await h.call('POST', `/api/marketplace/listings/${listing.id}/delete`, { token: admin.token, body: {} })).status).toBe(200);
    expect((await post(copier, await reencode(song, 'm4a', { trimSeconds: 2 }), 'm4a')).status).toBe(201);
  });

  it('a both-routes submission is one recording: allowed, and its listing hides the type as before', { timeout: 60_000 }, async () => {
    const artist = await signUp(h, 'at_both');
    const [contest, market] = await entered(artist, await freshPiece('mp3'), 'mp3', ['contest', 'marketplace']);
    expect(contest!.print_id).toBe(market!.print_id);
    await approve(h, admin, contest!, market!);
    expect(await list(h, admin, market!)).toMatchObject({ song_type: null, in_contest: true });
  });
});

describe('CMS: a re-approval or a move to the contest is checked as an entry', () => {
  it('refuses to move a marketplace copy of a contest track into the contest, and to re-approve a twin entered meanwhile', { timeout: 120_000 }, async () => {
    const artist = await signUp(h, 'at_cms');
    await makeAdmin(h.db, artist.uid); // no fees: this test is about the CMS
    const song = await freshPiece('wav');
    const [first] = await entered(artist, song, 'wav');
    const [copy] = await entered(artist, await reencode(song, 'mp3', { trimSeconds: 1 }), 'mp3', ['marketplace']);

    // A route change of the copy: refused, nothing changed.
    expect(await cms(copy!.id, { submission_type: 'contest' })).toMatchObject(SOUNDS_LIKE_CONTEST);
    expect((await storedTrack(h, copy!.id)).submission_type).toBe('marketplace');

    // The entry rejected and deleted: the copy may move (the first then is gone).
    expect((await cms(`${first!.id}/reject`)).status).toBe(200);
    expect(await cms(copy!.id, { submission_type: 'contest' })).toMatchObject(SOUNDS_LIKE_CONTEST);
    expect((await cms(`${first!.id}/delete`)).status).toBe(200);
    expect((await cms(copy!.id, { submission_type: 'contest' })).status).toBe(200);
    expect((await storedTrack(h, copy!.id)).submission_type).toBe('contest');

    // A rejected contest track whose recording was listed meanwhile, type shown: its re-approval is refused.
    const other = await freshPiece('mp3');
    const [entry] = await entered(artist, other, 'mp3');
    expect((await cms(`${entry!.id}/reject`)).status).toBe(200);
    const [listedCopy] = await entered(artist, await reencode(other, 'm4a', { gainDb: -6 }), 'm4a', ['marketplace']);
    await approve(h, admin, listedCopy!);
    expect(await list(h, admin, listedCopy!)).toMatchObject({ song_type: 'ai' });
    expect(await cms(`${entry!.id}/approve`)).toMatchObject(SOUNDS_LIKE_LISTING);
    expect(await cms(entry!.id, { status: 'pending' })).toMatchObject(SOUNDS_LIKE_LISTING);
    expect((await storedTrack(h, entry!.id)).status).toBe('rejected');
  });

  it('a track stored before prints gets one from its original when the CMS first needs it', { timeout: 60_000 }, async () => {
    const artist = await signUp(h, 'at_legacy');
    await makeAdmin(h.db, artist.uid);
    const song = await freshPiece('mp3');
    const [entry] = await entered(artist, song, 'mp3');
    const [copy] = await entered(artist, await reencode(song, 'm4a'), 'm4a', ['marketplace']);
    // As stored before prints: no keys, no print.
    const ref = h.db.collection('tracks').doc(copy!.id);
    const { print_keys: _keys, print_id: _id, ...before } = (await ref.get()).data()!;
    await ref.delete();
    await ref.set(before);
    expect((await storedTrack(h, copy!.id)).print_keys).toBeUndefined();
    expect(await cms(copy!.id, { submission_type: 'contest' })).toMatchObject(SOUNDS_LIKE_CONTEST);
    const stored = await storedTrack(h, copy!.id);
    expect(stored.print_id).toBe(copy!.id);
    expect(stored.print_keys!.length).toBeGreaterThan(10);
    expect((await storedTrack(h, entry!.id)).status).toBe('pending');
  });

  it('the backfill prints tracks stored before prints from their originals, once, and a later copy is then refused', { timeout: 120_000 }, async () => {
    const e = await startHarness();
    try {
      const eArtist = await signUp(e, 'old_print_artist');
      const song = await freshPiece('mp3');
      // Stored before prints: a contest track with its original, and one whose original is gone.
      await e.deps.storage.put('originals/old-entry.mp3', song, 'audio/mpeg');
      const old = await addTrack(e, { submission_type: 'contest', status: 'approved', audio_path: 'originals/old-entry.mp3' });
      const lost = await addTrack(e, { submission_type: 'contest', status: 'approved', audio_path: 'originals/gone.mp3' });
      const nowIso = new Date().toISOString();
      expect(await backfillAudioPrints(e.deps, nowIso)).toEqual({ printed: 2, done: true });
      expect((await e.db.collection('tracks').doc(old.id).get()).get('print_keys').length).toBeGreaterThan(10);
      expect((await e.db.collection('tracks').doc(lost.id).get()).get('print_keys')).toEqual([]);
      expect(await backfillAudioPrints(e.deps, nowIso)).toEqual({ printed: 0, done: true });

      const body = new FormData();
      for (const [k, v] of Object.entries({ title: 'Late', artistName: 'Old Hand', songType: 'human', genre: 'Jazz', previewStartTime: '1', submissionRoutes: '["contest"]' })) body.append(k, v);
      body.append('audioFile', new Blob([new Uint8Array(await reencode(song, 'm4a', { trimSeconds: 1 }))]), 'song.m4a');
      const res = await fetch(e.url('/api/tracks'), { method: 'POST', headers: { Authorization: `Bearer ${eArtist.token}` }, body });
      expect({ status: res.status, body: await res.json() }).toMatchObject(SOUNDS_LIKE_CONTEST);
    } finally {
      await e.close();
    }
  });
});
