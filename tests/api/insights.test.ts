import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SongType } from '../../common/contest/contest';
import type { Insights } from '../../common/contest/insights';
import type { VoteDoc } from '../../common/contest/voting';
import { refreshInsights } from '../../functions/src/insights/refresh';
import type { TrackDoc } from '../../functions/src/tracks/track-doc';
import { holdScheduledRefreshes } from '../../functions/src/leaderboards/refresh-scheduler';
import { rollUpVoteCounts } from '../../functions/src/voting/vote-shards';
import { addTrack, allDocs, clipOfTrack, makeAdmin, openSession, pushVotes, voteDoc } from './contest-fixtures';
import { signUp, startHarness, type Harness } from './harness';

const TYPES: SongType[] = ['ai', 'human', 'hybrid'];
const VOTERS = 12;

let h: Harness;
let admin: { uid: string; token: string };
/** Three tracks that will leave the contest, and one that stays in it. */
let leaving: TrackDoc[];
let live: TrackDoc;

const insights = async (): Promise<Insights> => {
  const res = await h.call('GET', '/api/public/insights');
  expect(res.status).toBe(200);
  return res.body as Insights;
};
const update = async () => {
  await rollUpVoteCounts(h.deps);
  await refreshInsights(h.deps);
};

/**
 * The figures recounted from the stored votes and tracks, the way docs/insights.md says they are
 * made: every scored vote for the open figures; only `typedTracks` for the per-type ones.
 */
async function recount(typedTracks: readonly TrackDoc[]) {
  const votes = (await allDocs(h.db, 'votes')).filter((v) => v.status === 'scored') as Array<VoteDoc & { user_id: string; track_id: string; scored_at: string }>;
  const tracks = new Map([...leaving, live].map((t) => [t.id, t]));
  const tally = new Map<string, { votes: number; right: number }>();
  const count = (key: string, right: boolean) => {
    const t = tally.get(key) ?? { votes: 0, right: 0 };
    t.votes += 1;
    t.right += right ? 1 : 0;
    tally.set(key, t);
  };
  const typed = new Set(typedTracks.map((t) => t.id));
  const matrix: Record<string, number> = {};
  for (const v of votes) {
    const track = tracks.get(v.track_id)!;
    count('all', v.is_correct!);
    count(`genre|${track.genre}`, v.is_correct!);
    const rating = v.rating!.before;
    count(`rating|${rating < 1300 ? 'under-1300' : rating < 1500 ? '1300-1499' : rating < 1700 ? '1500-1699' : '1700-plus'}`, v.is_correct!);
    if (typed.has(track.id)) {
      count(`type|${track.song_type}`, v.is_correct!);
      matrix[`${track.song_type}|${v.guess}`] = (matrix[`${track.song_type}|${v.guess}`] ?? 0) + 1;
    }
  }
  return { votes: votes.length, tally, matrix };
}

beforeAll(async () => {
  h = await startHarness();
  // Rollups run only when a test calls them: the rating periods, and so the expected figures, are the tests' own.
  holdScheduledRefreshes(h.deps);
  admin = await signUp(h, 'in_admin');
  await makeAdmin(h.db, admin.uid);
  leaving = [
    await addTrack(h, { song_type: 'ai', genre: 'Pop', title: 'Secret Machine', created_at: '2031-01-01T00:00:00.000Z' }),
    await addTrack(h, { song_type: 'human', genre: 'Rock', title: 'Secret Hands', created_at: '2031-01-02T00:00:00.000Z' }),
    await addTrack(h, { song_type: 'hybrid', genre: 'Pop', title: 'Secret Blend', created_at: '2031-01-03T00:00:00.000Z' }),
  ];
  live = await addTrack(h, { song_type: 'hybrid', genre: 'Jazz', title: 'Still Voting', created_at: '2031-01-04T00:00:00.000Z' });
  // Each voter guesses every track, right on some: voter i guesses type (i + k) % 3 on track k.
  for (let i = 0; i < VOTERS; i++) {
    const u = await signUp(h, `in_voter_${i}`);
    const s = (await openSession(h, u.token)).body.session!;
    const docs = [];
    for (const [k, t] of [...leaving, live].entries()) docs.push(voteDoc(s.id, (await clipOfTrack(h.db, s, t)).clip_id, TYPES[(i + k) % 3]!));
    const res = await pushVotes(h, u.token, docs);
    expect(res.body.map((d: VoteDoc) => d.status)).toEqual(['scored', 'scored', 'scored', 'scored']);
  }
});
afterAll(() => h.close());

describe('GET /api/public/insights', () => {
  it('counts every scored vote in the open figures, and no per-type figure while the tracks are in the contest', async () => {
    const empty = await insights();
    expect(empty).toMatchObject({ votes: 0, typed_votes: 0, updated_at: null, min_votes: 10, chance: 33.3 });
    await update();
    const shown = await insights();
    const expected = await recount([]);
    expect(shown.votes).toBe(expected.votes);
    expect(shown.votes).toBe(VOTERS * 4);
    // The open figures equal the recount: weekly (one week), genres, experience, rating bands.
    expect(shown.weekly).toHaveLength(1);
    expect(shown.weekly[0]!.all).toEqual({ ...expected.tally.get('all'), accuracy: Math.round((expected.tally.get('all')!.right / expected.tally.get('all')!.votes) * 1000) / 10 });
    const pop = expected.tally.get('genre|Pop')!;
    expect(shown.genres.find((g) => g.genre === 'Pop')!.cell).toEqual({ votes: pop.votes, right: pop.right, accuracy: Math.round((pop.right / pop.votes) * 1000) / 10 });
    expect(shown.genres.find((g) => g.genre === 'Rock')!.cell).toMatchObject({ votes: 12, right: expected.tally.get('genre|Rock')!.right });
    expect(shown.genres.find((g) => g.genre === 'Country')!.cell).toBeNull();
    expect(shown.experience).toEqual([
      { band: '1-10', cell: { votes: 48, right: expected.tally.get('all')!.right, accuracy: shown.weekly[0]!.all!.accuracy } },
      { band: '11-50', cell: null },
      { band: '51+', cell: null },
    ]);
    for (const band of shown.rating_bands) {
      const t = expected.tally.get(`rating|${band.band}`);
      expect(band.cell === null ? (t?.votes ?? 0) < 10 : band.cell.votes === t?.votes && band.cell.right === t.right).toBe(true);
    }
    expect(shown.rating_bands.filter((b) => b.cell !== null).length).toBeGreaterThan(0);
    // Nothing by true type: every track is still being voted on.
    expect(shown.typed_votes).toBe(0);
    expect(shown.matrix).toEqual({ ai: null, human: null, hybrid: null });
    expect(shown.weekly[0]).toMatchObject({ ai: null, human: null, hybrid: null });
    // Aggregates only: no track, clip or user identifier, no title.
    const text = JSON.stringify(shown);
    for (const t of [...leaving, live]) for (const secret of [t.id, t.clip_id, t.title]) expect(text).not.toContain(secret);
    expect(text).not.toContain(admin.uid);
  });

  it('lets a track\'s per-type votes count once it leaves the contest (rejected or deleted), never a live one\'s', async () => {
    const [machine, hands, blend] = leaving;
    expect((await h.call('POST', `/api/cms/tracks/${machine!.id}/reject`, { token: admin.token })).status).toBe(200);
    expect((await h.call('POST', `/api/cms/tracks/${hands!.id}/delete`, { token: admin.token })).status).toBe(200);
    await update();
    const after = await insights();
    const expected = await recount([machine!, hands!]);
    expect(after.typed_votes).toBe(24);
    expect(after.matrix.ai).toEqual({ votes: 12, guesses: { ai: expected.matrix['ai|ai'] ?? 0, human: expected.matrix['ai|human'] ?? 0, hybrid: expected.matrix['ai|hybrid'] ?? 0 } });
    expect(after.matrix.human).toEqual({ votes: 12, guesses: { ai: expected.matrix['human|ai'] ?? 0, human: expected.matrix['human|human'] ?? 0, hybrid: expected.matrix['human|hybrid'] ?? 0 } });
    // Hybrid: the one that left is still in the contest, the other never left: nothing shown.
    expect(after.matrix.hybrid).toBeNull();
    expect(after.weekly[0]!.ai).toMatchObject({ votes: 12, right: expected.tally.get('type|ai')!.right });
    expect(after.weekly[0]!.hybrid).toBeNull();
    // The live hybrid's and the staying hybrid's per-type counts wait, server-side only.
    const held = await h.db.collection('insight_tracks').doc(live.id).get();
    expect(held.get('pending')).toMatchObject({ 'matrix|hybrid|ai': { votes: 4 } });

    // The last one leaves: its row appears, made of its own votes only (the live track's stay held).
    expect((await h.call('POST', `/api/cms/tracks/${blend!.id}/reject`, { token: admin.token })).status).toBe(200);
    await update();
    const third = await insights();
    const all3 = await recount([machine!, hands!, blend!]);
    expect(third.typed_votes).toBe(36);
    expect(third.matrix.hybrid).toEqual({ votes: 12, guesses: { ai: all3.matrix['hybrid|ai'] ?? 0, human: all3.matrix['hybrid|human'] ?? 0, hybrid: all3.matrix['hybrid|hybrid'] ?? 0 } });
    expect(third.votes).toBe(48);
  });

  it('adds each delta once, also when two refreshes run at the same time', async () => {
    const before = await insights();
    const u = await signUp(h, 'in_late');
    const s = (await openSession(h, u.token)).body.session!;
    expect((await pushVotes(h, u.token, [voteDoc(s.id, (await clipOfTrack(h.db, s, live)).clip_id, 'hybrid')])).body[0].status).toBe('scored');
    await rollUpVoteCounts(h.deps);
    expect((await h.db.collection('insight_deltas').get()).size).toBe(1);
    // One of them adds it (or neither says so, when a commit's answer is lost and the SDK runs the
    // transaction again); the figures tell: the vote counted once, the delta gone.
    const added = await Promise.all([refreshInsights(h.deps), refreshInsights(h.deps)]);
    expect(added[0]! + added[1]!).toBeLessThanOrEqual(1);
    expect((await insights()).votes).toBe(before.votes + 1);
    expect((await h.db.collection('insight_deltas').get()).size).toBe(0);
  });

  it('withholds small groups, answers the same figures as CSV with the licence, and refuses query parameters', async () => {
    const shown = await insights();
    // Jazz has 13 votes (the live track's), Country none: only groups of 10 votes or more are shown.
    expect(shown.genres.find((g) => g.genre === 'Jazz')!.cell).toMatchObject({ votes: 13 });
    expect(shown.genres.filter((g) => g.cell === null).map((g) => g.genre)).toEqual(['Hip-Hop', 'Electronic', 'R&B', 'Classical', 'Country', 'Other']);
    expect(shown.licence.name).toBe('CC BY 4.0');
    expect(shown.method.join(' ')).toContain('left the contest');

    const res = await fetch(h.url('/api/public/insights.csv'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="fool-rate-insights.csv"');
    const lines = (await res.text()).trim().split('\n');
    expect(lines[0]).toContain('CC BY 4.0');
    expect(lines).toContain('figure,group,subgroup,votes,right,accuracy_percent');
    const pop = shown.genres.find((g) => g.genre === 'Pop')!.cell!;
    expect(lines).toContain(`genre_accuracy,Pop,,${pop.votes},${pop.right},${pop.accuracy}`);
    expect(lines).toContain('genre_accuracy,Country,,,,');
    expect(lines).toContain(`confusion,ai,ai,${shown.matrix.ai!.guesses.ai},,${Math.round((shown.matrix.ai!.guesses.ai / 12) * 1000) / 10}`);

    for (const path of ['/api/public/insights?x=1', '/api/public/insights.csv?week=2026-01-05']) {
      const bad = await h.call('GET', path);
      expect(bad.status).toBe(400);
    }
  });
});
