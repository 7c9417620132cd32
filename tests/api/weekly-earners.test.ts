/**
 * Weekly Earners from per-user weekly totals: what the board shows, and what a summary refresh
 * costs. This file runs its own emulator, so `firestoreOps` counts this file's reads only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerReason } from '../../common/constants';
import type { Leaderboards } from '../../common/contest/leaderboards';
import { refreshLeaderboardSummary } from '../../functions/src/leaderboards/summary';
import { readBalance, writeLedgerEntry } from '../../functions/src/tokens/ledger';
import { firestoreOps } from '../../scripts/lib/firestore-emulator';
import { makeAdmin } from './contest-fixtures';
import { signUp, startHarness, type Harness } from './harness';

// A Wednesday: its week began on Monday 2026-03-02 (UTC).
const T0 = Date.parse('2026-03-04T12:00:00Z');
const MONDAY = Date.parse('2026-03-02T00:00:00Z');

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ ownEmulator: true });
});
afterAll(() => h.close());

/** One ledger entry of `delta` for `uid`, written as every token movement is, at `at` (a sale by default). */
const earn = (uid: string, delta: number, at = T0, reason: LedgerReason = 'marketplace_sale') =>
  h.db.runTransaction(async (tx) => {
    const balance = await readBalance(h.db, tx, uid);
    writeLedgerEntry(h.db, tx, balance, { userId: uid, delta, reason }, new Date(at).toISOString());
  });

async function earners(): Promise<Leaderboards['top_earners_week']> {
  await refreshLeaderboardSummary(h.deps);
  const res = await h.call('GET', '/api/public/leaderboards');
  expect(res.status).toBe(200);
  return (res.body as Leaderboards).top_earners_week;
}

/** Reads of one summary refresh, counted as Firestore bills them. */
async function refreshReads(): Promise<number> {
  firestoreOps.reset();
  await refreshLeaderboardSummary(h.deps);
  return firestoreOps.reads;
}

const row = (rank: number, score: number, username: string) => ({ rank, score, username, full_name: username, avatar_url: null });

describe('Weekly Earners', () => {
  it('sums what was earned in the current UTC week (Monday on), best first; a tie shares its rank, listed by user', async () => {
    h.clock.now = MONDAY - 1; // Sunday 23:59:59.999 of the week before
    const early = await signUp(h, 'we_early');
    h.clock.now = T0;
    const [a, b] = [await signUp(h, 'we_a'), await signUp(h, 'we_b')];
    await earn(early.uid, 5, MONDAY);
    await earn(a.uid, 3);
    await earn(a.uid, -40); // spending takes nothing off what was earned
    await earn(b.uid, 3);
    const ties = [a, b].sort((x, y) => (x.uid < y.uid ? -1 : 1)).map((u) => (u === a ? 'we_a' : 'we_b'));
    expect(await earners()).toEqual([row(1, 53, ties[0]!), row(1, 53, ties[1]!), row(3, 5, 'we_early')]);

    // The next Monday starts a new week: the board starts empty.
    h.clock.now = MONDAY + 7 * 86_400_000;
    expect(await earners()).toEqual([]);
    h.clock.now = T0;
  });

  it('refreshes the summaries with the same number of reads whatever the number of ledger entries', async () => {
    h.clock.now = T0;
    const users = [await signUp(h, 'we_c1'), await signUp(h, 'we_c2'), await signUp(h, 'we_c3')];
    const before = await refreshReads();
    for (let round = 0; round < 50; round++) await Promise.all(users.map((u, i) => earn(u.uid, i + 1)));
    const after = await refreshReads();
    expect(after).toBe(before);
    const board = await earners();
    expect(board.slice(0, 3)).toEqual([row(1, 200, 'we_c3'), row(2, 150, 'we_c2'), row(3, 100, 'we_c1')]);
  });

  it('counts every one of many concurrent earnings of one user', async () => {
    h.clock.now = T0;
    const target = await signUp(h, 'we_target');
    const deltas = Array.from({ length: 30 }, (_, i) => i + 1);
    await Promise.all(deltas.map((delta) => earn(target.uid, delta)));
    const total = 50 + deltas.reduce((s, d) => s + d, 0);
    expect((await earners())[0]).toEqual(row(1, total, 'we_target'));
    const ledger = await h.db.collection('token_ledger').where('user_id', '==', target.uid).get();
    expect(ledger.docs.reduce((s, d) => s + (d.get('delta') as number), 0)).toBe(total);
  });

  it('counts what taking part earned, not tokens bought, granted by an admin, from a coupon or refunded', async () => {
    h.clock.now = T0;
    const root = await signUp(h, 'we_root');
    await makeAdmin(h.db, root.uid, 'super_admin');
    const given = await signUp(h, 'we_given');
    const granted = await h.call('POST', '/api/admin/tokens/adjust', { token: root.token, body: { user_id: given.uid, delta: 1_000_000 } });
    expect(granted.status).toBe(200);
    for (const reason of ['token_purchase', 'coupon', 'radio_refund'] as const) await earn(given.uid, 500, T0, reason);
    const active = await signUp(h, 'we_active');
    for (const reason of ['daily_drip', 'referral_reward', 'marketplace_sale'] as const) await earn(active.uid, 10, T0, reason);
    const board = await earners();
    // The sign-up bonus counts for both; nothing else of the given user's does.
    expect(board.find((r) => r.username === 'we_given')).toEqual(expect.objectContaining({ score: 50 }));
    expect(board.find((r) => r.username === 'we_active')).toEqual(expect.objectContaining({ score: 80 }));
  });
});
