import { z } from 'zod';
import { FieldValue, type DocumentSnapshot, type Firestore, type Transaction } from 'firebase-admin/firestore';
import type { SongType } from '../../../common/contest/contest';
import { COL } from '../platform/firestore/collections';
import type { Deps } from '../platform/deps';
import { statsFromTrack, trackStatsOf, type GuessCounts, type TrackStatsDoc } from '../tracks/track-doc';
import { forgetOthersGuessed } from './reveal';
import { recordGames, trackInsightsRef } from '../insights/aggregates';
import { rateTrack, ratingFields, ratingMedian, ratingOf, shardGame, type ShardGame } from './ratings';
import { markListingCopiesDue } from '../marketplace/refresh-copies';

/**
 * Distributed vote counters (docs/adr/0027-distributed-vote-counters.md): a vote increments one of its
 * track's shards, picked at random, instead of rewriting track_stats, a document Firestore
 * writes about once a second. track_stats/{trackId}/vote_shards/{n} holds the counts of the votes
 * that landed on it and `dirty` until the rollup has added them into its parent, as Firebase's
 * distributed counter does (https://firebase.google.com/docs/firestore/solutions/counters).
 */
export type VoteShard = GuessCounts & { track_id: string; shard: number; total: number; correct: number; incorrect: number; games?: Record<string, ShardGame>; dirty: boolean };

/** The counts a track's shards add up to. */
export type VoteTally = Pick<TrackStatsDoc, 'total_votes' | 'correct_guesses' | 'incorrect_guesses'> & GuessCounts;

const GUESS_FIELD: Record<SongType, keyof GuessCounts> = { ai: 'guess_ai', human: 'guess_human', hybrid: 'guess_hybrid' };

/** Dirty shards read per rollup page, and the most pages one rollup goes through (the rest waits for the next). */
const ROLLUP_PAGE = 300;
const ROLLUP_MAX_PAGES = 20;
/** Tracks rolled up at the same time. */
const ROLLUP_PARALLEL = 8;

const shardsOf = (db: Firestore, trackId: string) => db.collection(COL.trackStats).doc(trackId).collection(COL.voteShards);

export const voteShardRef = (db: Firestore, trackId: string, shard: number) => shardsOf(db, trackId).doc(String(shard));

/**
 * Counts one scored vote in the caller's transaction: blind increments of a random shard, nothing
 * read, and the vote kept in the shard as a game for the track's next rating period (games.{voteId}).
 */
export function countVote(db: Firestore, tx: Transaction, shards: number, trackId: string, vote: { id: string; guess: SongType }, game: ShardGame): void {
  const shard = Math.floor(Math.random() * shards);
  const one = FieldValue.increment(1);
  tx.set(
    voteShardRef(db, trackId, shard),
    {
      track_id: trackId,
      shard,
      total: one,
      [game.right ? 'correct' : 'incorrect']: one,
      [GUESS_FIELD[vote.guess]]: one,
      games: { [vote.id]: game },
      dirty: true,
    },
    { merge: true },
  );
}

const num = (snap: DocumentSnapshot, field: string): number => {
  const v = snap.get(field) as unknown;
  return typeof v === 'number' && Number.isFinite(v) ? v : 0;
};

/** The sums of a track's shards. */
export function tallyOf(shards: readonly DocumentSnapshot[]): VoteTally {
  const t: VoteTally = { total_votes: 0, correct_guesses: 0, incorrect_guesses: 0, guess_ai: 0, guess_human: 0, guess_hybrid: 0 };
  for (const s of shards) {
    if (!s.exists) continue;
    t.total_votes += num(s, 'total');
    t.correct_guesses += num(s, 'correct');
    t.incorrect_guesses += num(s, 'incorrect');
    t.guess_ai += num(s, 'guess_ai');
    t.guess_human += num(s, 'guess_human');
    t.guess_hybrid += num(s, 'guess_hybrid');
  }
  return t;
}

const storedGames = z.record(z.string(), shardGame);

/** The games a shard keeps for the track's next rating period (none when malformed: the counts still add up). */
function gamesOf(shard: DocumentSnapshot): ShardGame[] {
  const games = storedGames.safeParse(shard.get('games') ?? {});
  return games.success ? Object.values(games.data) : [];
}

/**
 * Adds one track's shards into its track_stats in one transaction, clearing their `dirty` mark
 * and their games: a vote that lands on a shard meanwhile retries the transaction (or marks it
 * again after), so no vote is left out. The games are the track's rating period: its rating moves
 * once per rollup (docs/adr/0051-skill-ratings.md), and those against listeners rated above
 * `median` are counted as its expert votes, and all of them in the insights (insights/aggregates.ts).
 * Shards of a deleted track (no track_stats) are deleted.
 */
async function rollUpTrack(deps: Deps, trackId: string, median: number): Promise<void> {
  const { db } = deps;
  const statsRef = db.collection(COL.trackStats).doc(trackId);
  // Which shards exist: found outside the transaction, read inside it. A shard created after
  // this query is dirty, so the next rollup adds it.
  const found = await shardsOf(db, trackId).get();
  await db.runTransaction(async (tx) => {
    const [stats, insights, ...shards] = await tx.getAll(statsRef, trackInsightsRef(db, trackId), ...found.docs.map((d) => d.ref));
    if (!stats?.exists) {
      for (const s of shards) if (s.exists) tx.delete(s.ref);
      return;
    }
    const dirty = shards.filter((s) => s.get('dirty') === true);
    // Another rollup (the refresh after a push, the scheduled one) added them first: nothing to write.
    if (dirty.length === 0) return;
    for (const s of dirty) tx.update(s.ref, { dirty: false, games: FieldValue.delete() });
    const tally = tallyOf(shards);
    const stored = trackStatsOf(stats);
    const games = dirty.flatMap(gamesOf);
    const experts = games.filter((g) => g.rating > median);
    const live = stored.status === 'approved' && stored.submission_type === 'contest';
    recordGames(db, tx, trackId, insights, games, live, new Date(deps.now()).toISOString());
    // The listings that show its fool rate and rating (its own, its twins') follow with the next refresh.
    markListingCopiesDue(db, tx, trackId);
    tx.set(
      statsRef,
      {
        ...statsFromTrack({ ...stored, id: trackId }, tally, deps.env.contest.minRankedVotes),
        ...tally,
        ...ratingFields(rateTrack(ratingOf(stored), games)),
        expert_votes: (stored.expert_votes ?? 0) + experts.length,
        expert_fooled: (stored.expert_fooled ?? 0) + experts.filter((g) => !g.right).length,
        updatedAt: FieldValue.serverTimestamp(),
        _deleted: false,
      },
      { merge: true },
    );
  });
}

/**
 * Rolls the dirty shards up into track_stats: reads the dirty shards, then each of their tracks'
 * shards, so its cost follows the tracks voted on since the last rollup, not the catalogue.
 * Returns how many tracks it rolled up.
 */
export async function rollUpVoteCounts(deps: Deps): Promise<number> {
  await moveLegacyShards(deps.db);
  let rolled = 0;
  let median: number | undefined;
  for (let page = 0; page < ROLLUP_MAX_PAGES; page += 1) {
    const dirty = await deps.db.collectionGroup(COL.voteShards).where('dirty', '==', true).limit(ROLLUP_PAGE).get();
    const tracks = [...new Set(dirty.docs.map((d) => String(d.get('track_id'))))];
    if (tracks.length > 0) median ??= await ratingMedian(deps.db);
    for (let i = 0; i < tracks.length; i += ROLLUP_PARALLEL) await Promise.all(tracks.slice(i, i + ROLLUP_PARALLEL).map((id) => rollUpTrack(deps, id, median!)));
    rolled += tracks.length;
    if (dirty.size < ROLLUP_PAGE) break;
  }
  if (rolled > 0) forgetOthersGuessed(deps.db);
  return rolled;
}

/** Deletes a track's shards in the caller's transaction (reads first: call before its writes), with the games they still hold. */
export async function readShardsToDelete(db: Firestore, tx: Transaction, trackId: string): Promise<{ games: ShardGame[]; remove: () => void }> {
  const snap = await tx.get(shardsOf(db, trackId));
  return { games: snap.docs.filter((d) => d.get('dirty') === true).flatMap(gamesOf), remove: () => snap.docs.forEach((d) => tx.delete(d.ref)) };
}

const COUNT_FIELDS = ['total', 'correct', 'incorrect', 'guess_ai', 'guess_human', 'guess_hybrid'] as const;

/**
 * Moves the flat shards of deployments before the subcollection (track_vote_shards/{trackId}_{n})
 * into track_stats/{trackId}/vote_shards/{n}, adding their counts and marking them dirty, so the
 * next rollup counts them: summing only the new shards would drop every vote counted before.
 * One empty query per rollup once none is left (docs/adr/0027-distributed-vote-counters.md).
 */
async function moveLegacyShards(db: Firestore): Promise<void> {
  const old = await db.collection(COL.legacyVoteShards).limit(ROLLUP_PAGE).get();
  for (const doc of old.docs) {
    const trackId = String(doc.get('track_id'));
    const shard = Number(doc.get('shard')) || 0;
    await db.runTransaction(async (tx) => {
      const [legacy, current] = await tx.getAll(doc.ref, voteShardRef(db, trackId, shard));
      if (!legacy?.exists) return;
      const sums = Object.fromEntries(COUNT_FIELDS.map((f) => [f, num(legacy, f) + (current ? num(current, f) : 0)]));
      tx.set(voteShardRef(db, trackId, shard), { track_id: trackId, shard, ...sums, dirty: true });
      tx.delete(legacy.ref);
    });
  }
}
