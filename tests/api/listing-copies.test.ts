import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketplaceListing } from '../../common/marketplace/listing-doc';
import { refreshLeaderboardSummary } from '../../functions/src/leaderboards/summary';
import { holdScheduledRefreshes } from '../../functions/src/leaderboards/refresh-scheduler';
import { refreshAllListingCopies } from '../../functions/src/marketplace/refresh-copies';
import { rollUpVoteCounts } from '../../functions/src/voting/vote-shards';
import { addTrack, clipOfTrack, makeAdmin, openSession, pushVotes, voteDoc } from './contest-fixtures';
import { signUp, startHarness, type Harness } from './harness';

/**
 * A listing copies its track and its contest twin (marketplace/refresh-copies.ts). What changes
 * them marks the track in its own transaction, and each leaderboard refresh brings the listings
 * of the marked tracks up to date: it follows the tracks that changed, never the whole catalogue
 * (the marketplace bench prints its reads at 100 and 10,000 listings).
 */
let h: Harness;
let admin: { uid: string; token: string };

beforeAll(async () => {
  h = await startHarness();
  // Rollups and refreshes run only when a test calls them.
  holdScheduledRefreshes(h.deps);
  admin = await signUp(h, 'copies_admin');
  await makeAdmin(h.db, admin.uid);
});
afterAll(() => h.close());

const marks = async () => (await h.db.collection('listing_copies_due').get()).docs.map((d) => d.id).sort();
const stored = async (id: string) => (await h.db.collection('marketplace_listings').doc(id).get()).data() as MarketplaceListing;
const moderate = async (trackId: string, action: 'approve' | 'reject' | 'delete') =>
  expect((await h.call('POST', `/api/cms/tracks/${trackId}/${action}`, { token: admin.token, body: {} })).status).toBe(200);

/** A contest track and a marketplace track of the same audio (one both-routes upload), the latter listed. */
async function listedTwins(songType: 'ai' | 'human' | 'hybrid') {
  const audio_path = `originals/${randomUUID()}.mp3`;
  const contest = await addTrack(h, { submission_type: 'contest', song_type: songType, audio_path, created_at: '2031-01-01T00:00:00.000Z' });
  const market = await addTrack(h, { submission_type: 'marketplace', song_type: songType, audio_path, title: `Listed ${contest.id}` });
  const res = await h.call('POST', '/api/marketplace/listings', { token: admin.token, body: { track_id: market.id } });
  expect(res.status).toBe(201);
  return { contest, market, listing: res.body.listing as MarketplaceListing };
}

describe('listing copies', () => {
  it('votes rolled up after their track left the contest reach its twin’s listing with the next leaderboard refresh, through the mark the rollup leaves', async () => {
    const { contest, listing } = await listedTwins('ai');
    expect(listing).toMatchObject({ song_type: null, fool_rate: null, in_contest: true });
    // A vote pushed while the track is live waits in its shard.
    const voter = await signUp(h, 'copies_voter');
    const session = (await openSession(h, voter.token)).body.session!;
    const clip = await clipOfTrack(h.db, session, contest);
    expect((await pushVotes(h, voter.token, [voteDoc(session.id, clip.clip_id, 'human')])).body[0]).toMatchObject({ status: 'scored', is_correct: false });

    // Rejected: the listing shows its type at once; no vote is rolled up yet, so no fool rate.
    await moderate(contest.id, 'reject');
    expect(await stored(listing.id)).toMatchObject({ song_type: 'ai', fool_rate: null, in_contest: false });
    await refreshLeaderboardSummary(h.deps);
    expect(await marks()).toEqual([]);

    // The rollup marks the track; the listing follows with the refresh, and the mark is cleared.
    await rollUpVoteCounts(h.deps);
    expect(await marks()).toEqual([contest.id]);
    expect((await stored(listing.id)).fool_rate).toBeNull();
    await refreshLeaderboardSummary(h.deps);
    expect(await stored(listing.id)).toMatchObject({ song_type: 'ai', fool_rate: 100, in_contest: false });
    expect(await marks()).toEqual([]);
  });

  it('a deleted twin’s mark keeps the audio it had, so its listing’s twin still follows once the track can no longer be read', async () => {
    const { contest, listing } = await listedTwins('hybrid');
    await refreshLeaderboardSummary(h.deps);
    await moderate(contest.id, 'delete');
    const mark = (await h.db.collection('listing_copies_due').doc(contest.id).get()).data();
    expect(mark).toMatchObject({ track_id: contest.id, audio_path: contest.audio_path });
    expect((await h.db.collection('tracks').doc(contest.id).get()).exists).toBe(false);
    // As if the refresh right after the delete had failed: the listing still says in the contest.
    await h.db.collection('marketplace_listings').doc(listing.id).update({ song_type: null, in_contest: true });
    await refreshLeaderboardSummary(h.deps);
    expect(await stored(listing.id)).toMatchObject({ song_type: 'hybrid', in_contest: false });
    expect(await marks()).toEqual([]);
  });

  it('a refresh reads the listings of marked tracks only; a walk over every listing (the one-off backfills) reaches the rest', async () => {
    const listing = (await h.call('POST', '/api/marketplace/listings', { token: admin.token, body: { track_id: (await addTrack(h, { submission_type: 'marketplace', title: 'Unmarked Song' })).id } })).body
      .listing as MarketplaceListing;
    await refreshLeaderboardSummary(h.deps);
    // A copy gone stale without a mark (only a direct write does that) is not what a refresh reads...
    await h.db.collection('marketplace_listings').doc(listing.id).update({ title: 'Stale Title' });
    await refreshLeaderboardSummary(h.deps);
    expect((await stored(listing.id)).title).toBe('Stale Title');
    // ...a walk over all of them is.
    expect(await refreshAllListingCopies(h.db)).toBeGreaterThanOrEqual(1);
    expect((await stored(listing.id)).title).toBe('Unmarked Song');
  });
});
