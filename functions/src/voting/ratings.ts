import { z } from 'zod';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { conservativeRating, NEW_RATING, ratePeriod, type Game, type Rating } from '../../../common/contest/rating';
import { SONG_TYPES } from '../../../common/contest/contest';
import { COL } from '../platform/firestore/collections';
import { pagesById } from '../platform/firestore/doc-reads';
import { converter } from '../platform/firestore/typed-collection';

/**
 * Where ratings are stored (docs/adr/0051-skill-ratings.md): user_vote_stats/{uid} holds the
 * listener's, track_stats/{trackId} the track's, as four flat fields; `rating_low` (rating − 2
 * deviations) is what the boards order by. Absent before the first rated vote: a newcomer.
 */
export const storedRatingFields = {
  rating: z.number().optional(),
  rating_deviation: z.number().optional(),
  rating_volatility: z.number().optional(),
  rating_low: z.number().optional(),
};
type StoredRating = { rating?: number; rating_deviation?: number; rating_volatility?: number };

/** The rating a stored document holds, a newcomer's when it holds none. */
export const ratingOf = (doc: StoredRating | undefined): Rating =>
  doc?.rating === undefined
    ? NEW_RATING
    : { rating: doc.rating, deviation: doc.rating_deviation ?? NEW_RATING.deviation, volatility: doc.rating_volatility ?? NEW_RATING.volatility };

/** The fields that store `r`. */
export const ratingFields = (r: Rating) => ({ rating: r.rating, rating_deviation: r.deviation, rating_volatility: r.volatility, rating_low: conservativeRating(r) });

/** What the boards show of a rating: whole points ("1712 ± 48"). */
export const displayRating = (r: Rating) => ({ rating: Math.round(r.rating), rating_deviation: Math.round(r.deviation) });

/**
 * One vote as a game for its track's next rating period (and the insights' next counts), kept in the vote's shard until the
 * rollup rates the track: the listener's rating when they voted and whether they guessed right.
 */
export const shardGame = z.object({
  rating: z.number(),
  deviation: z.number(),
  right: z.boolean(),
  /** For the insights (insights/aggregates.ts): the guess, the track's true type and genre, the listener's vote number, the vote's UTC week. */
  guess: z.enum(SONG_TYPES).optional(),
  type: z.enum(SONG_TYPES).optional(),
  genre: z.string().optional(),
  n: z.number().optional(),
  week: z.string().optional(),
});
export type ShardGame = z.infer<typeof shardGame>;

/** The listener's rating after a vote (one game against the track as last rolled up). */
export const rateListener = (listener: Rating, track: Rating, right: boolean): Rating => ratePeriod(listener, 'listener', [{ opponent: track, won: right }]);

/** The track's rating after a rollup: one period of the games its shards collected. */
export const rateTrack = (track: Rating, games: readonly ShardGame[]): Rating =>
  ratePeriod(
    track,
    'track',
    games.map((g): Game => ({ opponent: { rating: g.rating, deviation: g.deviation }, won: !g.right })),
  );

/**
 * contest_ratings/median: the median listener rating, refreshed hourly (refreshRatingMedian).
 * My Tracks says how often a track fooled listeners rated above it ("experts").
 */
const storedMedian = z.object({ median: z.number(), listeners: z.number(), updated_at: z.string() });
const medianRef = (db: Firestore) => db.collection(COL.contestRatings).doc('median').withConverter(converter(storedMedian, COL.contestRatings));

/** The median as last refreshed; a newcomer's rating before the first refresh (every listener starts there). */
export async function ratingMedian(db: Firestore): Promise<number> {
  return (await medianRef(db).get()).data()?.median ?? NEW_RATING.rating;
}

/** Rating points the median is found to: count queries halve the range until it is this narrow. */
const MEDIAN_PRECISION = 1;

/**
 * Finds the median listener rating by bisection between the lowest and the highest over count()
 * aggregations (about a dozen, each billed one read per thousand index entries, plus two
 * documents read) and stores it.
 */
export async function refreshRatingMedian(db: Firestore, now: number): Promise<{ median: number; listeners: number }> {
  const rated = db.collection(COL.userVoteStats);
  const countAbove = async (x: number): Promise<number> => (await rated.where('rating', '>', x).count().get()).data().count;
  const [all, lowest, highest] = await Promise.all([
    rated.orderBy('rating').count().get(),
    rated.orderBy('rating').limit(1).get(),
    rated.orderBy('rating', 'desc').limit(1).get(),
  ]);
  const listeners = all.data().count;
  const bound = (snap: typeof lowest): number => Number(snap.docs[0]?.get('rating') ?? NEW_RATING.rating);
  let lo = bound(lowest);
  let hi = bound(highest);
  while (hi - lo > MEDIAN_PRECISION) {
    const mid = (lo + hi) / 2;
    if ((await countAbove(mid)) * 2 > listeners) lo = mid;
    else hi = mid;
  }
  const median = Math.round(((lo + hi) / 2) * 10) / 10;
  await medianRef(db).set({ median, listeners, updated_at: new Date(now).toISOString() });
  return { median, listeners };
}

/** Documents read per page of the backfill. */
const BACKFILL_PAGE = 300;
/** contest_ratings/backfill: set once every track and listener stored before ratings has one. */
const backfillFlag = (db: Firestore) => db.collection(COL.contestRatings).doc('backfill');

/**
 * Gives a newcomer's rating to every track_stats and every listener with votes stored before
 * ratings (the boards order by `rating_low`, which they lack), once: afterwards one read per call
 * (scheduled hourly with the median). Each page is written only if none of its documents changed
 * since it was read (a vote rating a listener meanwhile fails the page, and the next run redoes it).
 * Then `afterRated` (the listings, which copy their twin's rating: refresh-copies.ts), before the flag.
 * Returns how many documents it gave a rating, or null once done before.
 */
export async function ensureRatings(db: Firestore, nowIso: string, afterRated?: () => Promise<unknown>): Promise<number | null> {
  if ((await backfillFlag(db).get()).exists) return null;
  const unrated = (d: DocumentSnapshot) => typeof d.get('rating') !== 'number';
  const hasVotes = (d: DocumentSnapshot) => typeof d.get('total') === 'number' && (d.get('total') as number) > 0;
  let changed = 0;
  for (const [collection, wanted] of [
    [COL.trackStats, unrated],
    [COL.userVoteStats, (d: DocumentSnapshot) => unrated(d) && hasVotes(d)],
  ] as const) {
    for await (const page of pagesById(db, collection, BACKFILL_PAGE)) {
      const missing = page.filter(wanted);
      if (missing.length === 0) continue;
      const batch = db.batch();
      for (const d of missing) batch.update(d.ref, ratingFields(NEW_RATING), { lastUpdateTime: d.updateTime });
      await batch.commit();
      changed += missing.length;
    }
  }
  if (changed > 0) await afterRated?.();
  await backfillFlag(db).set({ backfilled_at: nowIso, documents_changed: changed });
  return changed;
}
