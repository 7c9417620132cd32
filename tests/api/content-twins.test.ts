import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketplaceListing } from '../../common/marketplace/listing-doc';
import { ensureContentTwins } from '../../functions/src/marketplace/backfill-audio-keys';
import type { TrackDoc } from '../../functions/src/tracks/track-doc';
import { addTrack, clipOfTrack, makeAdmin, openSession, voteAll } from './contest-fixtures';
import { signUp, startHarness, type Harness } from './harness';
import { approve, list, retagged, storedTrack, submitSong, taggedSong } from './submission-fixtures';
import { publicListings } from './listing-fixtures';

/**
 * Blind means blind across uploads: the same audio uploaded separately to the marketplace and to
 * the contest makes twins by content (not only the two tracks of one both-routes upload), so
 * while the contest track is pending or approved, nothing public gives its listing's type.
 */
let h: Harness;
let admin: { uid: string; token: string };
let artist: { uid: string; token: string };

beforeAll(async () => {
  h = await startHarness();
  h.clock.now = Date.now();
  admin = await signUp(h, 'twin_admin');
  await makeAdmin(h.db, admin.uid);
  artist = await signUp(h, 'twin_artist');
  await makeAdmin(h.db, artist.uid); // submits without a fee, as often as these tests need
}, 60_000);
afterAll(() => h.close());

const publicListing = async (id: string) => (await publicListings(h)).find((l) => l.id === id);
const pulledListing = async (id: string) =>
  ((await h.call('GET', '/api/sync/marketplace_listings/pull?limit=200')).body.documents as Array<MarketplaceListing & { _deleted: boolean }>).find((d) => d.id === id);
const moderate = async (track: TrackDoc, action: 'approve' | 'reject' | 'delete') =>
  expect((await h.call('POST', `/api/cms/tracks/${track.id}/${action}`, { token: admin.token, body: {} })).status).toBe(200);
const submitted = async (title: string, songType: string, route: 'contest' | 'marketplace', audio: Buffer) =>
  (await submitSong(h, artist, { title, artistName: 'Sine Collective', songType, submissionRoutes: JSON.stringify([route]) }, audio))[0]!;

/** The listing's public copies (the API's list and the sync pull) match `expected`. */
async function expectListing(id: string, expected: Partial<MarketplaceListing>) {
  expect(await publicListing(id)).toMatchObject(expected);
  expect(await pulledListing(id)).toMatchObject(expected);
}
const HIDDEN = { song_type: null, fool_rate: null, in_contest: true };

describe('separate uploads of the same audio', () => {
  it('the same file sent marketplace-only and contest-only: the listing hides its type while the contest track is live', { timeout: 60_000 }, async () => {
    const song = await taggedSong(8, 587);
    const market = await submitted('Sine Study', 'ai', 'marketplace', song);
    const contest = await submitted('Sine Study', 'ai', 'contest', song);
    // Two uploads, two originals; one content.
    expect(contest.audio_path).not.toBe(market.audio_path);
    expect(contest.audio_keys).toEqual(market.audio_keys);
    expect(market.audio_keys).toEqual([expect.stringMatching(/^sha256:[0-9a-f]{64}$/), expect.stringMatching(/^pcm:[0-9a-f]{64}$/)]);
    await approve(h, admin, market, contest);
    const listing = await list(h, admin, market);
    expect(listing).toMatchObject({ title: 'Sine Study', ...HIDDEN });
    await expectListing(listing.id, HIDDEN);

    // A fresh voter gets the contest track's clip; nothing public says its type before the vote.
    const voter = await signUp(h, 'twin_voter');
    const session = (await openSession(h, voter.token)).body.session!;
    const clip = await clipOfTrack(h.db, session, contest);
    const before = JSON.stringify([await publicListings(h), (await h.call('GET', '/api/sync/marketplace_listings/pull?limit=200')).body]);
    expect(before).not.toMatch(/"song_type":"|"fool_rate":\d/);
    const [vote] = (await voteAll(h, voter.token, session, 'ai')).filter((v) => v.clip_id === clip.clip_id);
    expect(vote).toMatchObject({ status: 'scored', is_correct: true });

    // Rejected, the contest track leaves the contest: the listing shows its type again, at once.
    await moderate(contest, 'reject');
    await expectListing(listing.id, { song_type: 'ai', in_contest: false });
    // Back in the contest: hidden again; deleted: shown again.
    await moderate(contest, 'approve');
    await expectListing(listing.id, HIDDEN);
    await moderate(contest, 'delete');
    await expectListing(listing.id, { song_type: 'ai', fool_rate: null, in_contest: false });
  });

  it('listed first, entered in the contest later as a re-tagged file: approving it hides the type at once', { timeout: 60_000 }, async () => {
    const song = await taggedSong(8, 659);
    const market = await submitted('Harbour Drone', 'human', 'marketplace', song);
    await approve(h, admin, market);
    const listing = await list(h, admin, market);
    await expectListing(listing.id, { song_type: 'human', in_contest: false });

    // Other bytes (the tags changed), the same samples: twins by the decoded audio.
    const contest = await submitted('Harbour Drone', 'human', 'contest', await retagged(song, 'Harbour Drone (final)'));
    expect(contest.audio_keys![0]).not.toBe(market.audio_keys![0]);
    expect(contest.audio_keys![1]).toBe(market.audio_keys![1]);
    await moderate(contest, 'approve');
    await expectListing(listing.id, HIDDEN);
    await moderate(contest, 'reject');
    await expectListing(listing.id, { song_type: 'human', in_contest: false });
  });

  it('other audio makes no twin', { timeout: 60_000 }, async () => {
    const market = await submitted('Lone Tone', 'hybrid', 'marketplace', await taggedSong(8, 698));
    const contest = await submitted('Other Tone', 'hybrid', 'contest', await taggedSong(8, 740));
    await approve(h, admin, market, contest);
    const listing = await list(h, admin, market);
    await expectListing(listing.id, { song_type: 'hybrid', in_contest: false });
  });
});

describe('what is never refreshed keeps no answer', () => {
  it("a deleted listing's tombstone, and the listing of a deleted track, carry no type", { timeout: 60_000 }, async () => {
    const gone = await submitted('Tombstone Tone', 'ai', 'marketplace', await taggedSong(8, 784));
    const orphan = await submitted('Orphan Tone', 'ai', 'marketplace', await taggedSong(8, 831));
    await approve(h, admin, gone, orphan);
    const [deleted, orphaned] = [await list(h, admin, gone), await list(h, admin, orphan)];
    await expectListing(deleted.id, { song_type: 'ai' });
    expect((await h.call('POST', `/api/marketplace/listings/${deleted.id}/delete`, { token: admin.token, body: {} })).status).toBe(200);
    expect(await pulledListing(deleted.id)).toMatchObject({ _deleted: true, title: 'Tombstone Tone', song_type: null, fool_rate: null });
    await moderate(orphan, 'delete');
    expect(await pulledListing(orphaned.id)).toMatchObject({ is_active: false, title: 'Orphan Tone', song_type: null, fool_rate: null, preview_url: null });
  });
});

describe('tracks stored before content keys', () => {
  it('keep their twins by path, and get keys from their originals once, which makes a later upload of the same file their twin', { timeout: 60_000 }, async () => {
    const e = await startHarness();
    try {
      const [eAdmin, eArtist] = [await signUp(e, 'old_admin'), await signUp(e, 'old_artist')];
      await makeAdmin(e.db, eAdmin.uid);
      const song = await taggedSong(8, 880);
      // Stored before keys: a both-routes pair sharing one original, and a marketplace-only track.
      const pairContest = await addTrack(e, { submission_type: 'contest', status: 'rejected', song_type: 'ai', audio_path: 'originals/old-pair.mp3' });
      const pairMarket = await addTrack(e, { submission_type: 'marketplace', song_type: 'ai', audio_path: 'originals/old-pair.mp3' });
      const solo = await addTrack(e, { submission_type: 'marketplace', song_type: 'human', audio_path: 'originals/old-solo.mp3' });
      await e.deps.storage.put('originals/old-pair.mp3', await taggedSong(8, 932), 'audio/mpeg');
      await e.deps.storage.put('originals/old-solo.mp3', song, 'audio/mpeg');
      const [pairListing, soloListing] = [await list(e, eAdmin, pairMarket), await list(e, eAdmin, solo)];
      // An old tombstone still carrying its type.
      const tombstone = await list(e, eAdmin, await addTrack(e, { submission_type: 'marketplace', song_type: 'hybrid' }));
      await e.db.collection('marketplace_listings').doc(tombstone.id).update({ _deleted: true, is_active: false });

      const call = (path: string) => e.call('POST', path, { token: eAdmin.token, body: {} });
      const copyOf = async (id: string) => (await e.db.collection('marketplace_listings').doc(id).get()).data();
      // The old pair are twins by their shared original.
      expect((await call(`/api/cms/tracks/${pairContest.id}/approve`)).status).toBe(200);
      expect(await copyOf(pairListing.id)).toMatchObject(HIDDEN);

      // A new contest upload of the old solo track's file: no twin until the old track has keys.
      const [contest] = await submitSong(e, eArtist, { title: 'Late Entry', artistName: 'Old Hand', songType: 'human', submissionRoutes: '["contest"]' }, song);
      expect((await call(`/api/cms/tracks/${contest!.id}/approve`)).status).toBe(200);
      expect(await copyOf(soloListing.id)).toMatchObject({ song_type: 'human', in_contest: false });

      expect(await ensureContentTwins(e.deps, '2026-01-01T00:00:00.000Z')).toBe(4);
      expect((await storedTrack(e, solo.id)).audio_keys).toEqual(contest!.audio_keys);
      expect((await storedTrack(e, pairMarket.id)).audio_keys).toEqual((await storedTrack(e, pairContest.id)).audio_keys);
      expect(await copyOf(soloListing.id)).toMatchObject(HIDDEN);
      expect(await copyOf(pairListing.id)).toMatchObject(HIDDEN);
      expect(await copyOf(tombstone.id)).toMatchObject({ _deleted: true, song_type: null, fool_rate: null });
      // Done once: afterwards one read.
      expect(await ensureContentTwins(e.deps, '2026-01-01T01:00:00.000Z')).toBeNull();
    } finally {
      await e.close();
    }
  });
});
