import { FieldValue, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { LEADERBOARD_MAX_ROWS, type LeaderboardRow } from '../../../common/contest/leaderboards';
import { profileOf } from '../platform/firestore/account-docs';
import { COL } from '../platform/firestore/collections';
import { converter } from '../platform/firestore/typed-collection';
import { displayRating, ratingOf } from '../voting/ratings';
import { voterStatsCol } from '../voting/session-doc';
import { rankedTracksQuery, trackRowFields } from './deception';
import { refreshDueListingCopies } from '../marketplace/refresh-copies';
import type { Deps } from '../platform/deps';
import { weekOf, weeklyEarningsCol } from '../tokens/weekly-earnings';

export const SUMMARY_CATEGORIES = ['top_guessers', 'top_fooling_tracks', 'top_earners_week'] as const;
type SummaryCategory = (typeof SUMMARY_CATEGORIES)[number];
export type Summaries = Record<SummaryCategory, LeaderboardRow[]>;

const storedRow = z.object({
  rank: z.number(),
  score: z.number(),
  user_id: z.string().optional(),
  username: z.string().optional(),
  full_name: z.string().nullish(),
  avatar_url: z.string().nullish(),
  title: z.string().optional(),
  artist_name: z.string().optional(),
  cover_art_url: z.string().nullish(),
  fool_rate: z.number().optional(),
  total_votes: z.number().optional(),
  rating: z.number().optional(),
  rating_deviation: z.number().optional(),
  accuracy: z.number().optional(),
});
/** leaderboard_summary/{category}: { category, rows (up to 100, ranked), updated_at }. */
const storedSummary = z.object({ category: z.enum(SUMMARY_CATEGORIES), rows: z.array(storedRow), updated_at: z.string() });
export type StoredSummary = z.infer<typeof storedSummary>;
export const summaryCol = (db: Firestore) => db.collection(COL.leaderboardSummary).withConverter(converter(storedSummary, COL.leaderboardSummary));
export const summaryRefs = (db: Firestore) => SUMMARY_CATEGORIES.map((c) => summaryCol(db).doc(c));

const emptySummaries = (): Summaries => ({ top_guessers: [], top_fooling_tracks: [], top_earners_week: [] });

/** The boards held by summary documents (any order, missing ones empty). */
export function summariesFrom(snaps: readonly DocumentSnapshot<StoredSummary>[]): Summaries {
  const out = emptySummaries();
  for (const s of snaps) {
    const stored = s.data();
    if (stored && SUMMARY_CATEGORIES.includes(stored.category)) out[stored.category] = stored.rows;
  }
  return out;
}

/** A user to rank: their score, what ties are decided by (the score itself by default), and fields of their row. */
type Ranked = { uid: string; score: number; key?: number; extra?: Partial<LeaderboardRow> };

/**
 * Ranked user rows with what the board shows of each user (never an id). Equal keys share a
 * rank, and the next key's rank counts them all (1, 2, 2, 4): a tie is not an order.
 */
async function userRows(db: Firestore, ranked: Ranked[]): Promise<LeaderboardRow[]> {
  if (ranked.length === 0) return [];
  const profiles = await db.getAll(...ranked.map((r) => db.collection(COL.profiles).doc(r.uid)));
  const key = (r: Ranked) => r.key ?? r.score;
  let rank = 0;
  return ranked.map((r, i) => {
    const p = profileOf(profiles[i]);
    if (i === 0 || key(r) !== key(ranked[i - 1]!)) rank = i + 1;
    return {
      rank,
      score: r.score,
      username: p?.username ?? 'unknown',
      full_name: p?.full_name ?? null,
      avatar_url: p?.avatar_url ?? null,
      ...r.extra,
    };
  });
}

/**
 * Listeners by their conservative rating (rating − 2 deviations, docs/adr/0051-skill-ratings.md):
 * the score stays the number of right guesses, shown beside the rating and the share of right ones.
 */
async function topGuessers(db: Firestore): Promise<LeaderboardRow[]> {
  const snap = await voterStatsCol(db).orderBy('rating_low', 'desc').limit(LEADERBOARD_MAX_ROWS).get();
  return userRows(
    db,
    snap.docs.map((d) => {
      const s = d.data();
      const total = s.total ?? 0;
      const correct = s.correct ?? 0;
      return {
        uid: d.id,
        score: correct,
        key: s.rating_low,
        extra: { ...displayRating(ratingOf(s)), accuracy: total === 0 ? 0 : Math.round((correct / total) * 1000) / 10 },
      };
    }),
  );
}

/**
 * Eligible tracks that fooled someone, ranked like the Deception Leaderboard (the conservative
 * disguise rating, then votes); the score stays the number of wrong guesses.
 */
async function topFoolingTracks(db: Firestore): Promise<LeaderboardRow[]> {
  const snap = await rankedTracksQuery(db, LEADERBOARD_MAX_ROWS).get();
  return snap.docs
    .map((d) => d.data())
    .filter((s) => s.incorrect_guesses > 0)
    .map((s, i) => ({
      rank: i + 1,
      score: s.incorrect_guesses,
      ...trackRowFields(s),
    }));
}

/** Tokens earned (positive ledger entries) per user this UTC week (Monday on), best first (ties by uid). */
async function weeklyEarners(deps: Deps): Promise<LeaderboardRow[]> {
  const week = weekOf(new Date(deps.now()).toISOString());
  const snap = await weeklyEarningsCol(deps.db)
    .where('week', '==', week)
    .orderBy('earned', 'desc')
    .orderBy('user_id')
    .limit(LEADERBOARD_MAX_ROWS)
    .get();
  return userRows(deps.db, snap.docs.map((d) => ({ uid: d.data().user_id, score: d.data().earned })));
}

/**
 * Recomputes the three summary boards and stores them: each board is one ordered query of at
 * most 100 documents (plus the profiles of its users), whatever the number of votes or ledger
 * entries. It also refreshes the listings of the tracks marked since (refresh-copies.ts): their
 * cost follows the tracks changed, not the catalogue.
 */
export async function refreshLeaderboardSummary(deps: Deps): Promise<Summaries> {
  const { db } = deps;
  const [top_guessers, top_fooling_tracks, top_earners_week] = await Promise.all([
    topGuessers(db),
    topFoolingTracks(db),
    weeklyEarners(deps),
    // Listings show their track's fool rate; it moves with the same votes (the tracks rolled up mark theirs).
    refreshDueListingCopies(db),
  ]);
  const boards: Summaries = { top_guessers, top_fooling_tracks, top_earners_week };
  const updated_at = new Date(deps.now()).toISOString();
  const batch = db.batch();
  for (const category of SUMMARY_CATEGORIES) {
    batch.set(db.collection(COL.leaderboardSummary).doc(category), {
      category,
      rows: boards[category],
      updated_at,
      updatedAt: FieldValue.serverTimestamp(),
      _deleted: false,
    });
  }
  await batch.commit();
  return boards;
}
