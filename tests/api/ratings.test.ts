import { FieldValue } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CmsTrack } from '../../common/cms/cms-messages';
import type { MyTrack } from '../../common/api/tracks';
import type { VoteDoc } from '../../common/contest/voting';
import { refreshLeaderboardSummary } from '../../functions/src/leaderboards/summary';
import { ensureRatings, refreshRatingMedian } from '../../functions/src/voting/ratings';
import { holdScheduledRefreshes } from '../../functions/src/leaderboards/refresh-scheduler';
import { rollUpVoteCounts } from '../../functions/src/voting/vote-shards';
import { addTrack, clipOfTrack, makeAdmin, openSession, pushVotes, voteDoc } from './contest-fixtures';
import { signUp, startHarness, type Harness } from './harness';

/**
 * Skill ratings (docs/adr/0051-skill-ratings.md) as callers see them: the vote's answer, the
 * stored stats, the boards, My Tracks and the CMS. The numbers are Glicko-2 with the 1/3 chance
 * floor (common/contest/rating.ts, its unit tests): a newcomer (1500 ± 350) guessing a newcomer
 * track right rises to 1596.19 ± 316.07; the track, rolled up, falls to 1403.81.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  // Rollups run only when a test calls them: the rating periods, and so the expected figures, are the tests' own.
  holdScheduledRefreshes(h.deps);
});
afterAll(() => h.close());

const statsOf = async (collection: 'user_vote_stats' | 'track_stats', id: string) => (await h.db.collection(collection).doc(id).get()).data() ?? {};
const shardGames = async (trackId: string) => {
  const shards = await h.db.collection('track_stats').doc(trackId).collection('vote_shards').get();
  return shards.docs.flatMap((d) => Object.keys((d.get('games') as Record<string, unknown> | undefined) ?? {}));
};

/** A new listener's vote on `track` (the newest track, so in their first session), answered as the push answers it. */
async function voteOn(track: Awaited<ReturnType<typeof addTrack>>, name: string, guess: 'ai' | 'human' | 'hybrid') {
  const u = await signUp(h, name);
  const s = (await openSession(h, u.token)).body.session!;
  const clip = await clipOfTrack(h.db, s, track);
  return { user: u, doc: voteDoc(s.id, clip.clip_id, guess) };
}

describe('skill ratings', () => {
  it('rates the listener with each scored vote, and the track once per rollup of its votes', async () => {
    const track = await addTrack(h, { song_type: 'human', created_at: '2030-01-01T00:00:00.000Z' });
    const right = await voteOn(track, 'rt_right', 'human');
    const [scored] = (await pushVotes(h, right.user.token, [right.doc])).body as VoteDoc[];
    expect(scored!.status).toBe('scored');
    expect(scored!.rating!.before).toBe(1500);
    expect(scored!.rating!.after).toBeCloseTo(1596.19, 2);
    expect(scored!.rating!.deviation).toBeCloseTo(316.07, 2);
    const listener = await statsOf('user_vote_stats', right.user.uid);
    expect(listener.rating).toBeCloseTo(1596.19, 2);
    expect(listener.rating_low).toBeCloseTo(1596.19 - 2 * 316.07, 1);

    // The track moves only when its shards are rolled up: the game waits in its shard until then.
    expect((await statsOf('track_stats', track.id)).rating).toBeUndefined();
    expect(await shardGames(track.id)).toEqual([right.doc.id]);
    await rollUpVoteCounts(h.deps);
    const rolled = await statsOf('track_stats', track.id);
    expect(rolled.rating).toBeCloseTo(1403.81, 2);
    expect(rolled.rating_deviation).toBeCloseTo(316.07, 2);
    expect(await shardGames(track.id)).toEqual([]);

    // The next listener plays the track as rolled up: a wrong guess against a weaker track costs more.
    const wrong = await voteOn(track, 'rt_wrong', 'ai');
    const [missed] = (await pushVotes(h, wrong.user.token, [wrong.doc])).body as VoteDoc[];
    expect(missed!.is_correct).toBe(false);
    expect(missed!.rating!.after).toBeCloseTo(1265.06, 2);
    // A second rollup with nothing new leaves the rating where the first one put it.
    await rollUpVoteCounts(h.deps);
    const twice = await statsOf('track_stats', track.id);
    expect(twice.total_votes).toBe(2);
    await rollUpVoteCounts(h.deps);
    expect((await statsOf('track_stats', track.id)).rating).toBe(twice.rating);
  });

  it('keeps one track consistent under 12 votes at once: every vote counted, one rating period, each listener rated once', async () => {
    const track = await addTrack(h, { song_type: 'hybrid', created_at: '2030-02-01T00:00:00.000Z' });
    const votes = [];
    for (let i = 0; i < 12; i++) votes.push(await voteOn(track, `rt_crowd_${i}`, i % 2 === 0 ? 'hybrid' : 'ai'));
    const answers = await Promise.all(votes.map((v) => pushVotes(h, v.user.token, [v.doc])));
    expect(answers.map((a) => (a.body as VoteDoc[])[0]!.status)).toEqual(Array(12).fill('scored'));
    // Every listener played the track as it stood (a newcomer, no rollup between): right +96, wrong −192.
    for (const [i, v] of votes.entries()) {
      expect((await statsOf('user_vote_stats', v.user.uid)).rating).toBeCloseTo(i % 2 === 0 ? 1596.19 : 1307.62, 2);
    }
    expect((await shardGames(track.id)).sort()).toEqual(votes.map((v) => v.doc.id).sort());
    await rollUpVoteCounts(h.deps);
    const stats = await statsOf('track_stats', track.id);
    expect(stats).toMatchObject({ total_votes: 12, correct_guesses: 6, incorrect_guesses: 6 });
    // Six right and six wrong by newcomers in one period: the track fooled more than chance (1/3) would.
    expect(stats.rating).toBeCloseTo(1690.0, 1);
    expect(stats.rating_deviation).toBeCloseTo(181.35, 2);
    expect(await shardGames(track.id)).toEqual([]);
  });

  it('finds the median listener rating and counts the votes of listeners above it as expert votes', async () => {
    const e = await startHarness();
    holdScheduledRefreshes(e.deps);
    try {
      for (const [i, rating] of [1400, 1500, 1600, 1700, 1800].entries()) {
        await e.db.collection('user_vote_stats').doc(`rated_${i}`).set({ user_id: `rated_${i}`, total: 10, correct: 5, rating, rating_deviation: 80, rating_volatility: 0.06, rating_low: rating - 160 });
      }
      const found = await refreshRatingMedian(e.db, Date.now());
      expect(found.listeners).toBe(5);
      expect(Math.abs(found.median - 1600)).toBeLessThanOrEqual(1);
      expect((await e.db.collection('contest_ratings').doc('median').get()).get('median')).toBeCloseTo(1600, 0);

      const owner = await signUp(e, 'rt_owner');
      const track = await addTrack(e, { song_type: 'ai', submitted_by: owner.uid, created_at: '2030-03-01T00:00:00.000Z' });
      // An expert (1900) and a novice (1300) both fooled; a newcomer (1500, not above the median) right.
      const voters: Array<[string, number | null, 'ai' | 'human']> = [['rt_expert', 1900, 'human'], ['rt_novice', 1300, 'human'], ['rt_new', null, 'ai']];
      for (const [name, rating, guess] of voters) {
        const u = await signUp(e, name);
        if (rating !== null) await e.db.collection('user_vote_stats').doc(u.uid).set({ rating, rating_deviation: 60, rating_volatility: 0.06, rating_low: rating - 120 }, { merge: true });
        const s = (await openSession(e, u.token)).body.session!;
        const clip = await clipOfTrack(e.db, s, track);
        expect((await pushVotes(e, u.token, [voteDoc(s.id, clip.clip_id, guess)])).body[0].status).toBe('scored');
      }
      await rollUpVoteCounts(e.deps);
      expect(await (await e.db.collection('track_stats').doc(track.id).get()).data()).toMatchObject({ expert_votes: 1, expert_fooled: 1 });

      // My Tracks: how they guessed, the rating, the experts.
      const mine = (await e.call('GET', '/api/tracks/mine', { token: owner.token })).body.tracks as MyTrack[];
      const shown = mine.find((t) => t.id === track.id)!;
      expect(shown).toMatchObject({ total_votes: 3, guesses: { ai: 1, human: 2, hybrid: 0 }, experts: { votes: 1, fooled: 1 } });
      const stored = (await e.db.collection('track_stats').doc(track.id).get()).data()!;
      expect(shown.rating).toEqual({ rating: Math.round(stored.rating as number), deviation: Math.round(stored.rating_deviation as number) });

      // The CMS track list shows it too; a track nobody voted on yet has none.
      const quiet = await addTrack(e, { created_at: '2020-01-01T00:00:00.000Z' });
      const admin = await signUp(e, 'rt_admin');
      await makeAdmin(e.db, admin.uid);
      const listed = (await e.call('GET', '/api/cms/tracks?status=all', { token: admin.token })).body.tracks as CmsTrack[];
      expect(listed.find((t) => t.id === track.id)!.stats).toMatchObject({ total_votes: 3, rating: shown.rating!.rating, rating_deviation: shown.rating!.deviation });
      expect(listed.find((t) => t.id === quiet.id)!.stats).toMatchObject({ rating: null, rating_deviation: null });

      // Top Guessers ranks by rating − 2 deviations: the expert's 1900 ± 60 first.
      await refreshLeaderboardSummary(e.deps);
      const { top_guessers } = (await e.call('GET', '/api/public/leaderboards')).body as { top_guessers: Array<{ username: string; rank: number }> };
      expect(top_guessers[0]).toMatchObject({ rank: 1, username: 'rt_expert' });
    } finally {
      await e.close();
    }
  });

  it('gives tracks and listeners stored before ratings a newcomer rating once, so the boards rank them', async () => {
    const e = await startHarness();
    holdScheduledRefreshes(e.deps);
    try {
      const track = await addTrack(e, { title: 'Legacy Deceiver' });
      await e.db.collection('track_stats').doc(track.id).update({ total_votes: 12, incorrect_guesses: 9, correct_guesses: 3, eligible: true });
      await e.db.collection('user_vote_stats').doc('legacy_voter').set({ user_id: 'legacy_voter', total: 30, correct: 20 });
      await e.db.collection('user_vote_stats').doc('session_only').set({ user_id: 'session_only', open_session_id: 's1', sessions_opened: 1 });
      const deception = async () => ((await e.call('GET', '/api/public/leaderboards')).body as { deception: Array<{ title: string }> }).deception;
      expect(await deception()).toEqual([]);
      // Then what follows the ratings (the deployed job refreshes every listing's copies), once, before the flag.
      let followed = 0;
      expect(
        await ensureRatings(e.db, new Date().toISOString(), async () => {
          followed += 1;
          expect((await e.db.collection('contest_ratings').doc('backfill').get()).exists).toBe(false);
        }),
      ).toBe(2);
      expect(followed).toBe(1);
      expect(await (await e.db.collection('user_vote_stats').doc('legacy_voter').get()).data()).toMatchObject({ rating: 1500, rating_deviation: 350, rating_low: 800, total: 30 });
      expect((await e.db.collection('user_vote_stats').doc('session_only').get()).get('rating')).toBeUndefined();
      expect((await deception()).map((r) => r.title)).toEqual(['Legacy Deceiver']);
      // Once done, a flag read is all it costs.
      expect(await ensureRatings(e.db, new Date().toISOString(), async () => void (followed += 1))).toBeNull();
      expect(followed).toBe(1);
    } finally {
      await e.close();
    }
  });

  it('starts the median at a newcomer rating before anyone is rated', async () => {
    const e = await startHarness();
    holdScheduledRefreshes(e.deps);
    try {
      expect(await refreshRatingMedian(e.db, Date.now())).toEqual({ median: 1500, listeners: 0 });
      // A listener stored before ratings (counts only) is not counted.
      await e.db.collection('user_vote_stats').doc('legacy').set({ user_id: 'legacy', total: 3, correct: 1, updatedAt: FieldValue.serverTimestamp() });
      expect((await refreshRatingMedian(e.db, Date.now())).listeners).toBe(0);
    } finally {
      await e.close();
    }
  });
});
