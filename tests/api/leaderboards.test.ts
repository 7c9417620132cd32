import { FieldValue } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SongType } from '../../common/contest/contest';
import type { DeceptionRow, Leaderboards } from '../../common/contest/leaderboards';
import { holdScheduledRefreshes } from '../../functions/src/leaderboards/refresh-scheduler';
import { refreshLeaderboardSummary } from '../../functions/src/leaderboards/summary';
import { statsFromTrack, type TrackDoc } from '../../functions/src/tracks/track-doc';
import { rollUpVoteCounts } from '../../functions/src/voting/vote-shards';
import { rateTrack, ratingFields } from '../../functions/src/voting/ratings';
import { NEW_RATING } from '../../common/contest/rating';
import { addTrack, clipOfTrack, makeAdmin, openSession, pushVotes, sseReader, voteDoc } from './contest-fixtures';
import { signUp, startHarness, type Harness } from './harness';

const T0 = Date.parse('2026-03-01T12:00:00Z');
const DAY = 86_400_000;

let h: Harness;
/**
 * The boards' tests end each rating period themselves (rollUpVoteCounts): a push would otherwise
 * ask for a rollup 3 s later, which on a slow machine lands between two voters' pushes and rates
 * the later ones against tracks already rated. The stream's tests have a harness of their own,
 * with the scheduled refreshes on, since that is what they test.
 */
beforeAll(async () => {
  h = await startHarness();
  holdScheduledRefreshes(h.deps);
});
afterAll(() => h.close());

const boards = async (harness: Harness = h): Promise<Leaderboards> => {
  const res = await harness.call('GET', '/api/public/leaderboards');
  expect(res.status).toBe(200);
  return res.body as Leaderboards;
};

/**
 * track_stats as the rollup of the vote shards leaves them after `total` votes, `incorrect` of
 * them wrong, all from newcomer listeners in one rollup (one rating period of the track).
 */
async function setVotes(track: TrackDoc, total: number, incorrect: number, harness: Harness = h) {
  const games = Array.from({ length: total }, (_, i) => ({ rating: NEW_RATING.rating, deviation: NEW_RATING.deviation, right: i >= incorrect }));
  await harness.db
    .collection('track_stats')
    .doc(track.id)
    .set({
      ...statsFromTrack(track, { total_votes: total, correct_guesses: total - incorrect, incorrect_guesses: incorrect }, harness.deps.env.contest.minRankedVotes),
      ...ratingFields(rateTrack(NEW_RATING, games)),
      updatedAt: FieldValue.serverTimestamp(),
      _deleted: false,
    });
}

const wrong = (t: SongType): SongType => (t === 'human' ? 'ai' : 'human');

describe('GET /api/public/leaderboards', () => {
  it('computes the summaries on the first view of an empty database', async () => {
    h.clock.now = T0;
    const u = await signUp(h, 'lb_early');
    const first = await boards();
    expect(first).toEqual({
      top_guessers: [],
      top_fooling_tracks: [],
      top_earners_week: [{ rank: 1, score: 50, username: 'lb_early', full_name: 'lb_early', avatar_url: null }],
      deception: [],
    });
    expect((await h.db.collection('leaderboard_summary').get()).docs.map((d) => d.id).sort()).toEqual([
      'top_earners_week',
      'top_fooling_tracks',
      'top_guessers',
    ]);
    expect(JSON.stringify(first)).not.toContain(u.uid);
  });

  it('ranks approved contest tracks with votes by their conservative disguise rating, 10 at most', async () => {
    // [total votes, wrong guesses]: fool rates 100, 100, 90, 80, 75, 75, 60, 50, 50, 40, 20, 10, 0 percent;
    // their ratings after one rollup of newcomers' votes, minus two deviations: 1573, 1244, 1726, 1408,
    // 1502, 1302, 1242, 1194, 1001, 1076, 910, 860, 749 (their Wilson lower bounds are still shown).
    const shapes: Array<[number, number]> = [[5, 5], [2, 2], [10, 9], [5, 4], [8, 6], [4, 3], [5, 3], [6, 3], [2, 1], [5, 2], [5, 1], [10, 1], [3, 0]];
    const eligible: TrackDoc[] = [];
    for (const [i, [total, incorrect]] of shapes.entries()) {
      const t = await addTrack(h, { title: `Deceiver ${i}`, artist_name: `Band ${i}`, cover_art_url: `/placeholders/cover-${String(i + 1).padStart(2, '0')}.jpg` });
      await setVotes(t, total, incorrect);
      eligible.push(t);
    }
    // Fooling everyone, but not on the board: pending, rejected, marketplace, or without votes.
    for (const over of [{ status: 'pending' }, { status: 'rejected' }, { submission_type: 'marketplace' }] as const) await setVotes(await addTrack(h, over), 20, 20);
    await addTrack(h, { title: 'Silent Track' });

    const { deception } = await boards();
    expect(deception).toHaveLength(10);
    expect(deception.map((r) => r.title)).toEqual([2, 0, 4, 3, 5, 1, 6, 7, 9, 8].map((i) => `Deceiver ${i}`));
    expect(deception[0]).toEqual<DeceptionRow>({
      rank: 1,
      track_id: eligible[2]!.id,
      title: 'Deceiver 2',
      artist_name: 'Band 2',
      cover_art_url: '/placeholders/cover-03.jpg',
      fool_rate: 90,
      total_votes: 10,
      correct_guesses: 1,
      incorrect_guesses: 9,
      fool_rate_low: 59.6,
      rating: 2113,
      rating_deviation: 194,
    });
    // 9 of 10 wrong outranks 5 of 5, and 2 of 2 falls behind 6 of 8, 4 of 5 and 3 of 4: few votes prove little.
    expect(deception.map((r) => [r.rank, r.fool_rate, r.total_votes, r.rating, r.rating_deviation])).toEqual([
      [1, 90, 10, 2113, 194], [2, 100, 5, 2053, 240], [3, 75, 8, 1919, 209], [4, 80, 5, 1887, 240], [5, 75, 4, 1809, 253],
      [6, 100, 2, 1825, 290], [7, 60, 5, 1721, 240], [8, 50, 6, 1650, 228], [9, 40, 5, 1555, 240], [10, 50, 2, 1581, 290],
    ]);
    const text = JSON.stringify(deception);
    for (const t of eligible) expect(text).not.toContain(t.clip_id);
  });

  it('puts a track on the board with its first vote once the votes are rolled up, and moves it as votes come in', async () => {
    h.clock.now = T0;
    const fresh = await addTrack(h, { title: 'First Vote Song', song_type: 'ai', created_at: '2027-01-01T00:00:00.000Z' });
    expect((await boards()).deception.some((r) => r.track_id === fresh.id)).toBe(false);
    const voters = [await signUp(h, 'lb_v1'), await signUp(h, 'lb_v2'), await signUp(h, 'lb_v3')];
    const handles: string[] = [];
    for (const v of voters) {
      const s = (await openSession(h, v.token)).body.session!;
      const clip = await clipOfTrack(h.db, s, fresh);
      handles.push(clip.clip_id);
      expect((await pushVotes(h, v.token, [voteDoc(s.id, clip.clip_id, 'human')])).body[0].is_correct).toBe(false);
    }
    // Votes land on counter shards; the refresh that follows them rolls them up into the board.
    await rollUpVoteCounts(h.deps);
    // Three newcomers fooled in one rollup: 1921 ± 270 (1381 conservative), after 4 of 5 wrong (1408), before 3 of 4 (1302).
    const row = (await boards()).deception.find((r) => r.track_id === fresh.id);
    expect(row).toMatchObject({ rank: 5, title: 'First Vote Song', fool_rate: 100, fool_rate_low: 43.9, total_votes: 3, incorrect_guesses: 3, correct_guesses: 0, rating: 1921, rating_deviation: 270 });
    const text = JSON.stringify(await boards());
    for (const id of [fresh.clip_id, ...handles]) expect(text).not.toContain(id);
  });

  it('lists top guessers by their conservative rating and fooling tracks like the Deception Leaderboard, from the summaries', async () => {
    h.clock.now = T0;
    const pool: TrackDoc[] = [];
    for (let i = 0; i < 3; i++) pool.push(await addTrack(h, { title: `Guess Pool ${i}`, artist_name: `Pool Band ${i}`, song_type: 'hybrid', created_at: `2028-01-0${i + 1}T00:00:00.000Z` }));
    const plan: Array<[string, number]> = [['lb_ace', 3], ['lb_mid', 1], ['lb_zero', 0]];
    const handles: string[] = [];
    for (const [name, right] of plan) {
      const u = await signUp(h, name);
      if (name === 'lb_ace') await h.db.collection('profiles').doc(u.uid).update({ full_name: 'Ace Ventura', avatar_url: 'https://example.test/ace.png' });
      const s = (await openSession(h, u.token)).body.session!;
      const mine = await Promise.all(pool.map((t) => clipOfTrack(h.db, s, t)));
      handles.push(...mine.map((c) => c.clip_id));
      const res = await pushVotes(h, u.token, mine.map((c, i) => voteDoc(s.id, c.clip_id, i < right ? 'hybrid' : wrong('hybrid'))));
      expect(res.body.map((d: { status: string }) => d.status)).toEqual(['scored', 'scored', 'scored']);
    }
    await rollUpVoteCounts(h.deps);
    await refreshLeaderboardSummary(h.deps);
    const b = await boards();
    const guessers = b.top_guessers.filter((r) => plan.some(([name]) => name === r.username));
    // Three newcomers on three new tracks: 3 right lifts a rating to 1722 ± 269, 1 of 3 (chance) drops it to 1289.
    // (The earlier tests' voters rank among them: a rank is the board's, not the test's.)
    expect(guessers.map(({ rank: _, ...row }) => row)).toEqual([
      { score: 3, username: 'lb_ace', full_name: 'Ace Ventura', avatar_url: 'https://example.test/ace.png', rating: 1722, rating_deviation: 269, accuracy: 100 },
      { score: 1, username: 'lb_mid', full_name: 'lb_mid', avatar_url: null, rating: 1289, rating_deviation: 272, accuracy: 33.3 },
      { score: 0, username: 'lb_zero', full_name: 'lb_zero', avatar_url: null, rating: 1122, rating_deviation: 287, accuracy: 0 },
    ]);
    expect(guessers[0]!.rank).toBe(1);
    expect(guessers[1]!.rank).toBeLessThan(guessers[2]!.rank);
    // Pool 0 was missed by lb_mid and lb_zero, pool 1 and 2 by both as well: 2 wrong guesses each.
    const fooling = b.top_fooling_tracks.filter((r) => r.title?.startsWith('Guess Pool'));
    expect(fooling.map((r) => [r.title, r.score])).toEqual(
      expect.arrayContaining([['Guess Pool 0', 1], ['Guess Pool 1', 2], ['Guess Pool 2', 2]]),
    );
    expect(b.top_fooling_tracks[0]).toMatchObject({ rank: 1, title: 'Deceiver 2', artist_name: 'Band 2', score: 9, fool_rate: 90, total_votes: 10, cover_art_url: '/placeholders/cover-03.jpg' });
    // Ranked as the Deception Leaderboard is (so 9 of 10 before 5 of 5), only tracks that fooled someone.
    expect(b.top_fooling_tracks.slice(0, 10).map((r) => r.title)).toEqual(b.deception.filter((r) => r.incorrect_guesses > 0).map((r) => r.title));
    expect(b.top_fooling_tracks.every((r) => r.score > 0 && !r.title?.startsWith('Track trk_'))).toBe(true);
    for (const row of b.top_guessers) {
      expect(Object.keys(row).every((k) => ['rank', 'score', 'username', 'full_name', 'avatar_url', 'rating', 'rating_deviation', 'accuracy'].includes(k))).toBe(true);
    }
    for (const row of b.top_fooling_tracks) {
      expect(Object.keys(row).every((k) => ['rank', 'score', 'title', 'artist_name', 'cover_art_url', 'fool_rate', 'total_votes', 'rating', 'rating_deviation'].includes(k))).toBe(true);
    }
    const text = JSON.stringify(b);
    for (const t of pool) expect(text).not.toContain(t.clip_id);
    for (const handle of handles) expect(text).not.toContain(handle);
  });

  it('ranks a track only from the configured minimum of votes, and many votes at 80% over a few perfect ones', async () => {
    const e = await startHarness({ env: { contest: { voteShards: 3, minRankedVotes: 6 } } });
    try {
      const few = await addTrack(e, { title: 'Five Perfect' });
      const six = await addTrack(e, { title: 'Six Perfect' });
      const chance = await addTrack(e, { title: 'Six At Chance' });
      const crowd = await addTrack(e, { title: 'Crowd Pleaser' });
      await setVotes(few, 5, 5, e);
      await setVotes(six, 6, 6, e);
      await setVotes(chance, 6, 4, e);
      await setVotes(crowd, 200, 160, e);
      const { deception } = (await e.call('GET', '/api/public/leaderboards')).body as Leaderboards;
      expect(deception.map((r) => [r.title, r.fool_rate, r.fool_rate_low])).toEqual([
        ['Crowd Pleaser', 80, 73.9],
        ['Six Perfect', 100, 61],
        ['Six At Chance', 66.7, 30],
      ]);
    } finally {
      await e.close();
    }
  });

  it('lists weekly earners from the ledger: tokens earned this UTC week (Monday on)', async () => {
    const e = await startHarness();
    try {
      e.clock.now = T0 - 10 * DAY;
      const old = await signUp(e, 'lb_old');
      e.clock.now = T0;
      const recent = await signUp(e, 'lb_recent');
      const root = await signUp(e, 'lb_root');
      await makeAdmin(e.db, root.uid, 'super_admin');
      expect((await e.call('POST', '/api/tokens/claim-daily', { token: old.token })).body.granted).toBe(true);
      expect((await e.call('POST', '/api/tokens/claim-daily', { token: recent.token })).body.granted).toBe(true);
      // An admin's grant is not earned, and a deduction takes nothing off what was.
      expect((await e.call('POST', '/api/admin/tokens/adjust', { token: root.token, body: { user_id: recent.uid, delta: 7 } })).status).toBe(200);
      expect((await e.call('POST', '/api/admin/tokens/adjust', { token: root.token, body: { user_id: recent.uid, delta: -20 } })).status).toBe(200);
      await refreshLeaderboardSummary(e.deps);
      const res = await e.call('GET', '/api/public/leaderboards');
      expect(res.body.top_earners_week).toEqual([
        { rank: 1, score: 51, username: 'lb_recent', full_name: 'lb_recent', avatar_url: null },
        { rank: 2, score: 50, username: 'lb_root', full_name: 'lb_root', avatar_url: null },
        { rank: 3, score: 1, username: 'lb_old', full_name: 'lb_old', avatar_url: null },
      ]);
    } finally {
      await e.close();
    }
  });
});

describe('GET /api/public/leaderboards/stream', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('sends the boards at once, then again when a vote changes them', async () => {
    h.clock.now = T0;
    const ctrl = new AbortController();
    try {
      const res = await fetch(h.url('/api/public/leaderboards/stream'), { signal: ctrl.signal });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/event-stream');
      const stream = sseReader<Leaderboards>(res.body!);
      const first = await stream.next();
      expect(first).toEqual({ ...(await boards(h)), migration: (await h.call('GET', '/api/public/migration')).body });

      const track = await addTrack(h, { title: 'Streamed Song', song_type: 'human', created_at: '2029-01-01T00:00:00.000Z' });
      // Six wrong guesses out of six: on the board, placed by its rating (the rollups may split them into periods).
      const clips: string[] = [];
      for (let i = 0; i < 6; i++) {
        const voter = await signUp(h, `lb_streamer_${i}`);
        const s = (await openSession(h, voter.token)).body.session!;
        const clip = await clipOfTrack(h.db, s, track);
        clips.push(clip.clip_id);
        await pushVotes(h, voter.token, [voteDoc(s.id, clip.clip_id, 'ai')]);
      }
      // The scheduled refresh rolls the votes up within seconds, without anyone asking.
      const moved = await stream.until((b) => b.deception.some((r) => r.track_id === track.id && r.total_votes === 6));
      expect(moved.deception.find((r) => r.track_id === track.id)).toMatchObject({ title: 'Streamed Song', fool_rate: 100, fool_rate_low: 61, total_votes: 6 });
      const conservative = moved.deception.map((r) => r.rating - 2 * r.rating_deviation);
      expect(conservative).toEqual([...conservative].sort((a, b) => b - a));
      // Fooling Tracks comes from the same summaries: often in that very event, else in a later one.
      const fooledBySix = (b: Leaderboards) => b.top_fooling_tracks.some((r) => r.title === 'Streamed Song' && r.score === 6);
      const fooled = fooledBySix(moved) ? moved : await stream.until(fooledBySix);
      const streamed = moved.deception.find((r) => r.track_id === track.id)!;
      expect(fooled.top_fooling_tracks.find((r) => r.title === 'Streamed Song')).toMatchObject({ score: 6, fool_rate: 100, total_votes: 6, rating: streamed.rating, rating_deviation: streamed.rating_deviation });
      expect(stream.raw()).not.toContain(track.clip_id);
      for (const id of clips) expect(stream.raw()).not.toContain(id);
    } finally {
      ctrl.abort();
    }
  }, 45_000);

  it('carries the migration countdown, sent again when migration_config changes', async () => {
    const ctrl = new AbortController();
    try {
      const res = await fetch(h.url('/api/public/leaderboards/stream'), { signal: ctrl.signal });
      const stream = sseReader<Leaderboards>(res.body!);
      expect((await stream.next()).migration).toMatchObject({ migration_enabled: false, user_threshold: 100_000 });
      await h.db.collection('migration_config').doc('1').set({ migration_enabled: true }, { merge: true });
      const done = await stream.until((b) => b.migration?.migration_enabled === true);
      expect(done.migration).toMatchObject({ migration_enabled: true, user_threshold: 100_000 });
    } finally {
      ctrl.abort();
      await h.db.collection('migration_config').doc('1').set({ migration_enabled: false }, { merge: true });
    }
  });

  it('refuses query parameters', async () => {
    const res = await h.call('GET', '/api/public/leaderboards/stream?x=1');
    expect(res.status).toBe(400);
  });
});
