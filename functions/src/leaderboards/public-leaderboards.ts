import type { RequestHandler } from 'express';
import { LEADERBOARD_MAX_ROWS, type LeaderboardRow, type Leaderboards } from '../../../common/leaderboards';
import { COL } from '../platform/collections';
import type { Deps } from '../platform/deps';

const WEEK_MS = 7 * 86_400_000;

/** Tokens earned (positive ledger entries) per user in the last 7 days, best first. */
async function weeklyEarners(deps: Deps): Promise<LeaderboardRow[]> {
  const since = new Date(deps.now() - WEEK_MS).toISOString();
  const entries = await deps.db.collection(COL.ledger).where('created_at', '>=', since).get();
  const earned = new Map<string, number>();
  for (const e of entries.docs) {
    const delta = e.get('delta') as number;
    if (delta > 0) earned.set(e.get('user_id') as string, (earned.get(e.get('user_id') as string) ?? 0) + delta);
  }
  const top = [...earned.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, LEADERBOARD_MAX_ROWS);
  if (top.length === 0) return [];
  const profiles = await deps.db.getAll(...top.map(([uid]) => deps.db.collection(COL.profiles).doc(uid)));
  return top.map(([, score], i) => {
    const p = profiles[i];
    return {
      rank: i + 1,
      score,
      username: (p?.get('username') as string | undefined) ?? 'unknown',
      full_name: (p?.get('full_name') as string | null | undefined) ?? null,
      avatar_url: (p?.get('avatar_url') as string | null | undefined) ?? null,
    };
  });
}

/**
 * GET /api/public/leaderboards — the home page's boards. Guessers, fooling tracks and the
 * deception board fill once votes exist (the contest); weekly earners come from the ledger.
 */
export const publicLeaderboards =
  (deps: Deps): RequestHandler =>
  async (_req, res) => {
    const body: Leaderboards = {
      top_guessers: [],
      top_fooling_tracks: [],
      top_earners_week: await weeklyEarners(deps),
      deception: [],
    };
    res.json(body);
  };
