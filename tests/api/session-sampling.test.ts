/**
 * Which tracks a new vote session offers once the catalogue outgrows one sample, and what
 * opening it costs. This file runs its own emulator, so `firestoreOps` counts this file's reads only.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TrackDoc } from '../../functions/src/tracks/track-doc';
import { firestoreOps } from '../../scripts/lib/firestore-emulator';
import { backfillSampleKeys, ensureSampleKeys } from '../../functions/src/voting/sample-key';
import { pickSessionTracks } from '../../functions/src/voting/pick-tracks';
import { addTrack, clipTracks, makeAdmin, openSession } from './contest-fixtures';
import { signUp, signUpMany, startHarness, type Harness } from './harness';

/** Where the next session opens start sampling (the real random key once empty). */
const nextStarts = vi.hoisted((): number[] => []);
vi.mock('../../functions/src/voting/sample-key', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../functions/src/voting/sample-key')>();
  return { ...real, newSampleKey: () => nextStarts.shift() ?? real.newSampleKey() };
});

/** Reads of opening a session may not exceed this, whatever the catalogue (pick-tracks.ts: ~20 tracks, their vote keys, 10 clips, the session's transaction). */
const OPEN_READS_BOUND = 80;

let h: Harness;
const catalogue: TrackDoc[] = [];
beforeAll(async () => {
  h = await startHarness({ ownEmulator: true });
});
afterAll(() => h.close());

async function grow(to: number) {
  while (catalogue.length < to) catalogue.push(await addTrack(h, { title: `Sampled ${catalogue.length}` }));
}

/**
 * One new listener's first session: the reads of picking its tracks (pick-tracks.ts alone, the
 * part that depends on the catalogue, sampling from `start`), then the reads of opening it through
 * the API (config, rate limit and session too, with a random start), and the tracks each offered.
 */
async function newListenerOpen(user: { uid: string; token: string }, start: number) {
  // Twice from the same start, keeping the smaller count: the same picks cost the same reads, and
  // firestoreOps counts every read of this process, so a stray one elsewhere (seen about once in
  // six full runs under load) must not pass for the sampling's.
  const counted: number[] = [];
  let picks: Awaited<ReturnType<typeof pickSessionTracks>> = [];
  for (let i = 0; i < 2; i++) {
    nextStarts.push(start);
    firestoreOps.reset();
    picks = await pickSessionTracks(h.deps, user.uid);
    counted.push(firestoreOps.reads);
  }
  const pickReads = Math.min(...counted);
  firestoreOps.reset();
  const res = await openSession(h, user.token);
  const openReads = firestoreOps.reads;
  expect(res.status).toBe(201);
  const s = res.body.session!;
  const trackOf = await clipTracks(h.db, catalogue, s.id);
  return { pickReads, openReads, picked: picks.map((p) => p.track_id), offered: s.clips.map((c) => trackOf(c.clip_id).id) };
}

describe('opening a vote session on a large catalogue', () => {
  it('reads the same number of documents at 30 and at 300 tracks, wherever the sample starts, offering 10 distinct tracks', { timeout: 120_000 }, async () => {
    // Signed up first: what a sign-up does after its answer (its mail) is long over when reads are counted.
    const listeners = await signUpMany(h, Array.from({ length: 8 }, (_, i) => `ss_listener_${i}`));
    // Starts at the first key, among the last 20 keys (the sample wraps around to the first
    // ones), at the last key, and past it.
    const opens = async (users: typeof listeners) => {
      const keys = catalogue.map((t) => t.rand!).sort((a, b) => a - b);
      const starts = [keys[0]!, keys[keys.length - 15]!, keys.at(-1)!, keys.at(-1)! + 1e-9];
      const result = [];
      for (const [i, start] of starts.entries()) result.push(await newListenerOpen(users[i]!, start));
      return result;
    };
    await grow(30);
    const small = await opens(listeners.slice(0, 4));
    await grow(300);
    const large = await opens(listeners.slice(4));
    // The same wherever the start falls; past the last key, the first query finds nothing,
    // which Firestore bills as one read.
    const reads = [...small.slice(0, 3), ...large.slice(0, 3)].map((o) => o.pickReads);
    expect(new Set(reads).size, JSON.stringify({ small: small.map((o) => [o.pickReads, o.openReads]), large: large.map((o) => [o.pickReads, o.openReads]) })).toBe(1);
    for (const pastLast of [small[3]!, large[3]!]) expect([reads[0], reads[0]! + 1]).toContain(pastLast.pickReads);
    for (const open of [...small, ...large]) {
      expect(open.openReads).toBeLessThanOrEqual(OPEN_READS_BOUND);
      expect(new Set(open.picked).size).toBe(10);
      expect(new Set(open.offered).size).toBe(10);
    }
    // At 300 tracks, sampling: the sessions do not all hold the 10 newest tracks.
    const newest = new Set(catalogue.slice(-10).map((t) => t.id));
    expect(large.every((o) => o.offered.every((id) => newest.has(id)))).toBe(false);
  });

  it('offers the few tracks a listener has not voted on, even at random places among 200', { timeout: 120_000 }, async () => {
    const tracks = catalogue.slice(0, 200);
    for (const t of catalogue.slice(200)) await h.db.collection('tracks').doc(t.id).update({ status: 'rejected' });
    const left = [tracks[17]!, tracks[99]!, tracks[180]!];
    const u = await signUp(h, 'ss_veteran');
    const batch = h.db.batch();
    for (const t of tracks.filter((x) => !left.includes(x))) {
      batch.set(h.db.collection('vote_keys').doc(`${u.uid}:${t.id}`), { user_id: u.uid, track_id: t.id, vote_id: `v_${t.id}`, created_at: new Date().toISOString() });
    }
    await batch.commit();
    firestoreOps.reset();
    const res = await openSession(h, u.token);
    expect(firestoreOps.reads).toBeLessThanOrEqual(2 * 200 + 20);
    const s = res.body.session!;
    const trackOf = await clipTracks(h.db, left, s.id);
    expect(new Set(s.clips.map((c) => trackOf(c.clip_id).id))).toEqual(new Set(left.map((t) => t.id)));
  });

});

/** Stores `track` as it was before sampling keys: without `rand` (the emulator's set merges, so delete first). */
async function unkeyed(e: Harness, track: TrackDoc) {
  const ref = e.db.collection('tracks').doc(track.id);
  await ref.delete();
  await ref.set(Object.fromEntries(Object.entries(track).filter(([k]) => k !== 'rand')));
}

describe('tracks stored before sampling keys', () => {
  it('are offered once the backfill or an approval gives them a key', async () => {
    const e = await startHarness();
    try {
      const keyed = await addTrack(e, { title: 'Keyed' });
      const [old, pending] = [await addTrack(e, { title: 'Old' }), await addTrack(e, { title: 'Old pending', status: 'pending' })];
      for (const t of [old, pending]) await unkeyed(e, t);
      const offered = async (name: string) => {
        const u = await signUp(e, name);
        const s = (await openSession(e, u.token)).body.session!;
        const trackOf = await clipTracks(e.db, [keyed, old, pending], s.id);
        return new Set(s.clips.map((c) => trackOf(c.clip_id).title));
      };
      expect(await offered('ss_before')).toEqual(new Set(['Keyed']));

      // The deployed path: the scheduled backfill runs once, then only checks its flag.
      expect(await ensureSampleKeys(e.db, '2026-01-01T00:00:00.000Z')).toBe(2);
      expect(await ensureSampleKeys(e.db, '2026-01-01T01:00:00.000Z')).toBeNull();
      expect(await backfillSampleKeys(e.db)).toBe(0);
      expect(await offered('ss_after')).toEqual(new Set(['Keyed', 'Old']));

      await unkeyed(e, pending);
      const admin = await signUp(e, 'ss_admin');
      await makeAdmin(e.db, admin.uid);
      expect((await e.call('POST', `/api/cms/tracks/${pending.id}/approve`, { token: admin.token })).status).toBe(200);
      expect(await offered('ss_approved')).toEqual(new Set(['Keyed', 'Old', 'Old pending']));
    } finally {
      await e.close();
    }
  });
});
