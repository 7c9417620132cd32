import { type DocumentSnapshot, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import type { SongType } from '../../../common/contest/contest';
import { experienceBand, ratingBand } from '../../../common/contest/insights';
import { COL } from '../platform/firestore/collections';
import { converter, parseStored } from '../platform/firestore/typed-collection';

/**
 * The insights' aggregates (docs/insights.md), kept by the rollup at a cost that follows the votes
 * since the last refresh, never the whole history:
 * - each vote's shard keeps it as a game (voting/ratings.ts ShardGame: guess, true type, genre,
 *   the listener's vote number and rating, its UTC week);
 * - the rollup of a track turns its games into counts: the open ones (all votes: weekly, genre,
 *   experience, rating band) go to a new insight_deltas document; the per-type ones (the
 *   confusion matrix, weekly per true type) go there too only once the track has left the
 *   contest, and until then wait on insight_tracks/{trackId} (server-only);
 * - a track leaving the contest (rejected, moved to the marketplace, deleted) moves its held
 *   per-type counts to a delta (readTrackInsightsToRelease), and the rollup of a track out of
 *   the contest holds nothing back;
 * - the refresh adds the deltas into insights/global and deletes them (refresh.ts).
 */

/** votes and right answers of one group. */
export type Tally = { votes: number; right: number };
/**
 * Groups by key: `all|<week>`, `<type>|<week>` (per type), `genre|<genre>`, `exp|<band>`,
 * `rating|<band>`; and `matrix|<true type>|<guess>` (only `votes` counts there).
 */
export type Counts = Record<string, Tally>;

const tally = z.object({ votes: z.number(), right: z.number() });
const counts = z.record(z.string(), tally);

/** One vote as the rollup reads it from its shard (the insight fields are absent on games kept before insights). */
export type InsightGame = { right: boolean; rating: number; guess?: SongType; type?: SongType; genre?: string; n?: number; week?: string };

export const typeKey = (type: SongType, week: string) => `${type}|${week}`;
export const matrixKey = (type: SongType, guess: SongType) => `matrix|${type}|${guess}`;

const add = (into: Counts, key: string, right: boolean) => {
  const t = (into[key] ??= { votes: 0, right: 0 });
  t.votes += 1;
  if (right) t.right += 1;
};

/** The sums of several counts. */
export function addCounts(...all: Array<Counts | undefined>): Counts {
  const out: Counts = {};
  for (const c of all) {
    for (const [key, t] of Object.entries(c ?? {})) {
      const o = (out[key] ??= { votes: 0, right: 0 });
      o.votes += t.votes;
      o.right += t.right;
    }
  }
  return out;
}

/** A rollup's games as counts: `open` from every vote, `typed` the per-type ones (held back while the track is in the contest). */
export function countGames(games: readonly InsightGame[]): { open: Counts; typed: Counts } {
  const open: Counts = {};
  const typed: Counts = {};
  for (const g of games) {
    if (!g.week || !g.type || !g.guess || g.n === undefined || g.genre === undefined) continue;
    add(open, `all|${g.week}`, g.right);
    add(open, `genre|${g.genre}`, g.right);
    add(open, `exp|${experienceBand(g.n)}`, g.right);
    add(open, `rating|${ratingBand(g.rating)}`, g.right);
    add(typed, typeKey(g.type, g.week), g.right);
    add(typed, matrixKey(g.type, g.guess), g.right);
  }
  return { open, typed };
}

const isEmpty = (c: Counts) => Object.keys(c).length === 0;

/** insight_tracks/{trackId}: a contest track's per-type counts, held while it is in the contest. */
const storedTrackInsights = z.object({ pending: counts.default({}) });
export const trackInsightsRef = (db: Firestore, trackId: string) => db.collection(COL.insightTracks).doc(trackId);
const heldOf = (snap: DocumentSnapshot | undefined): Counts => (snap?.exists ? parseStored(storedTrackInsights, COL.insightTracks, snap.id, snap.data()).pending : {});

/** insight_deltas/{id}: counts a refresh adds into insights/global, then deletes. */
const storedDelta = z.object({ counts, created_at: z.string() });
export const deltasCol = (db: Firestore) => db.collection(COL.insightDeltas).withConverter(converter(storedDelta, COL.insightDeltas));

function writeDelta(db: Firestore, tx: Transaction, c: Counts, nowIso: string): void {
  if (!isEmpty(c)) tx.create(deltasCol(db).doc(), { counts: c, created_at: nowIso });
}

/**
 * In the rollup's transaction (after its reads; `held` read in it): the track's games as counts.
 * While the track is `live` (approved, in the contest) its per-type counts are held on
 * insight_tracks; once it is not, they and any held before count at once.
 */
export function recordGames(db: Firestore, tx: Transaction, trackId: string, held: DocumentSnapshot | undefined, games: readonly InsightGame[], live: boolean, nowIso: string): void {
  const { open, typed } = countGames(games);
  if (!live) {
    writeDelta(db, tx, addCounts(open, typed, heldOf(held)), nowIso);
    if (held?.exists) tx.delete(held.ref);
    return;
  }
  writeDelta(db, tx, open, nowIso);
  if (!isEmpty(typed)) tx.set(trackInsightsRef(db, trackId), { pending: addCounts(heldOf(held), typed) });
}

/**
 * Reads a track's held per-type counts in the caller's transaction (before its writes) and returns
 * the write that lets them count, with `games` not rolled up yet (a deleted track's shards): for a
 * track that leaves the contest. Its later votes, should it return, are held again.
 */
export async function readTrackInsightsToRelease(db: Firestore, tx: Transaction, trackId: string): Promise<(nowIso: string, games?: readonly InsightGame[]) => void> {
  const held = await tx.get(trackInsightsRef(db, trackId));
  return (nowIso, games = []) => {
    const { open, typed } = countGames(games);
    writeDelta(db, tx, addCounts(heldOf(held), open, typed), nowIso);
    if (held.exists) tx.delete(held.ref);
  };
}

/** insights/global: every delta added so far, and when the last one was. */
const storedGlobal = z.object({ counts: counts.default({}), updated_at: z.string().nullable().default(null) });
export type GlobalInsights = z.output<typeof storedGlobal>;
export const globalInsightsRef = (db: Firestore) => db.collection(COL.insights).doc('global').withConverter(converter(storedGlobal, COL.insights));
