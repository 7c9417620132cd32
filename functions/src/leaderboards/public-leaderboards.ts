import type { RequestHandler } from 'express';
import type { Leaderboards } from '../../../common/contest/leaderboards';
import type { Deps } from '../platform/deps';
import { deceptionQuery, deceptionRows } from './deception';
import { refreshLeaderboardsNow, scheduleLeaderboardRefresh } from './refresh-scheduler';
import { summariesFrom, summaryRefs } from './summary';
import { getAllOf } from '../platform/firestore/typed-collection';

/** Summaries older than this are refreshed in the background after a view. */
const SUMMARY_STALE_MS = 60_000;

/**
 * The four boards at a constant cost: the deception query (at most 10 documents) and the three
 * leaderboard_summary documents, whatever the number of tracks, votes or users. Only the very
 * first view of a database, before any summary exists, waits for them to be computed.
 */
async function readLeaderboards(deps: Deps): Promise<Leaderboards> {
  const { db } = deps;
  const [deception, summaryDocs] = await Promise.all([deceptionQuery(db).get(), getAllOf(db, summaryRefs(db))]);
  let boards = summariesFrom(summaryDocs);
  if (summaryDocs.some((s) => !s.exists)) boards = await refreshLeaderboardsNow(deps);
  else if (summaryDocs.some((s) => deps.now() - Date.parse(s.data()?.updated_at ?? '') > SUMMARY_STALE_MS)) scheduleLeaderboardRefresh(deps);
  return { ...boards, deception: deceptionRows(deception) };
}

/**
 * GET /api/public/leaderboards — the home page's boards: top guessers (correct guesses), fooling
 * tracks (wrong guesses), weekly earners (tokens earned in 7 days) and the deception board.
 */
export const publicLeaderboards =
  (deps: Deps): RequestHandler =>
  async (_req, res) => {
    res.json(await readLeaderboards(deps));
  };
