import { FieldValue, type DocumentSnapshot, type Firestore, type Transaction } from 'firebase-admin/firestore';
import type { SongType } from '../../../common/contest';
import { COL } from '../platform/collections';
import type { Deps } from '../platform/deps';
import { statsFromTrack, type GuessCounts, type TrackDoc, type TrackStatsDoc } from '../tracks/track-doc';
import { forgetOthersGuessed } from './reveal';

/**
 * Distributed vote counters (docs/decisions.md, Vote counters): a vote increments one of its
 * track's shards, picked at random, instead of rewriting track_stats, a document Firestore
 * writes about once a second. track_vote_shards/{trackId}_{n} holds the counts of the votes that
 * landed on it and `dirty` until the rollup has added them into track_stats/{trackId}.
 */
export type VoteShard = GuessCounts & { track_id: string; shard: number; total: number; correct: number; incorrect: number; dirty: boolean };

/** The counts a track's shards add up to. */
export type VoteTally = Pick<TrackStatsDoc, 'total_votes' | 'correct_guesses' | 'incorrect_guesses'> & GuessCounts;

const GUESS_FIELD: Record<SongType, keyof GuessCounts> = { ai: 'guess_ai', human: 'guess_human', hybrid: 'guess_hybrid' };

/** Dirty shards read per rollup page, and the most pages one rollup goes through (the rest waits for the next). */
const ROLLUP_PAGE = 300;
const ROLLUP_MAX_PAGES = 20;
/** Tracks rolled up at the same time. */
const ROLLUP_PARALLEL = 8;

export const voteShardRef = (db: Firestore, trackId: string, shard: number) => db.collection(COL.voteShards).doc(`${trackId}_${shard}`);

/** Counts one scored vote in the caller's transaction: blind increments of a random shard, nothing read. */
export function countVote(db: Firestore, tx: Transaction, shards: number, trackId: string, guess: SongType, isCorrect: boolean): void {
  const shard = Math.floor(Math.random() * shards);
  const one = FieldValue.increment(1);
  tx.set(
    voteShardRef(db, trackId, shard),
    { track_id: trackId, shard, total: one, [isCorrect ? 'correct' : 'incorrect']: one, [GUESS_FIELD[guess]]: one, dirty: true },
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

/**
 * Adds one track's shards into its track_stats in one transaction, clearing their `dirty` mark:
 * a vote that lands on a shard meanwhile retries the transaction (or marks it again after), so
 * no vote is left out. Shards of a deleted track (no track_stats) are deleted.
 */
async function rollUpTrack(deps: Deps, trackId: string): Promise<void> {
  const { db } = deps;
  const statsRef = db.collection(COL.trackStats).doc(trackId);
  // Which shards exist: found outside the transaction, read inside it. A shard created after
  // this query is dirty, so the next rollup adds it.
  const found = await db.collection(COL.voteShards).where('track_id', '==', trackId).get();
  await db.runTransaction(async (tx) => {
    const [stats, ...shards] = await tx.getAll(statsRef, ...found.docs.map((d) => d.ref));
    if (!stats?.exists) {
      for (const s of shards) if (s.exists) tx.delete(s.ref);
      return;
    }
    for (const s of shards) if (s.get('dirty') === true) tx.update(s.ref, { dirty: false });
    const tally = tallyOf(shards);
    const track = { ...(stats.data() as TrackStatsDoc), id: trackId } as Pick<TrackDoc, 'id' | 'title' | 'artist_name' | 'cover_art_url' | 'submission_type' | 'status'>;
    tx.set(
      statsRef,
      { ...statsFromTrack(track, tally, deps.config.contest.minRankedVotes), ...tally, updatedAt: FieldValue.serverTimestamp(), _deleted: false },
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
  let rolled = 0;
  for (let page = 0; page < ROLLUP_MAX_PAGES; page += 1) {
    const dirty = await deps.db.collection(COL.voteShards).where('dirty', '==', true).limit(ROLLUP_PAGE).get();
    const tracks = [...new Set(dirty.docs.map((d) => String(d.get('track_id'))))];
    for (let i = 0; i < tracks.length; i += ROLLUP_PARALLEL) await Promise.all(tracks.slice(i, i + ROLLUP_PARALLEL).map((id) => rollUpTrack(deps, id)));
    rolled += tracks.length;
    if (dirty.size < ROLLUP_PAGE) break;
  }
  if (rolled > 0) forgetOthersGuessed(deps.db);
  return rolled;
}

/** Deletes a track's shards in the caller's transaction (reads first: call before its writes). */
export async function readShardsToDelete(db: Firestore, tx: Transaction, trackId: string): Promise<() => void> {
  const snap = await tx.get(db.collection(COL.voteShards).where('track_id', '==', trackId));
  return () => snap.docs.forEach((d) => tx.delete(d.ref));
}
