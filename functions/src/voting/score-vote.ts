import { FieldValue, Timestamp, type DocumentReference, type DocumentSnapshot, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { isAi } from '../../../common/contest/contest';
import type { VoteDoc } from '../../../common/contest/voting';
import { VOTE_MSG } from '../../../common/contest/voting-messages';
import { COL } from '../platform/firestore/collections';
import type { Deps } from '../platform/deps';
import type { RateLimitCounter } from '../platform/http/rate-limit';
import { SYNC_REGISTRY, toClientDoc, type ClientDoc } from '../sync/registry';
import { trackOf, trackStatsOf } from '../tracks/track-doc';
import { weekOf } from '../tokens/weekly-earnings';
import { voteKeyRef } from './pick-tracks';
import { othersGuessed, othersOf, revealOf } from './reveal';
import { sessionOf, trackOfClip, voterStatsOf, type VoteSessionDoc } from './session-doc';
import { rememberedTrack, rememberSessionTracks } from './session-tracks';
import { rateListener, ratingFields, ratingOf } from './ratings';
import { countVote } from './vote-shards';
import type { ClientVote } from './vote-input';

/** votes/{id} as stored: the client's document (the sync registry sends those fields) plus the server's. */
type StoredVote = Omit<VoteDoc, 'id' | 'updatedAt'> & {
  user_id: string;
  track_id: string | null;
  guessed_is_ai: boolean;
  scored_at: string;
  updatedAt: Timestamp;
  _deleted: false;
};

/**
 * How a vote was settled, and the vote as its owner now holds it. existing: already stored (a
 * retry); rejected: stored as refused (a track closed or already voted on, in the caller's own
 * session); refused: nothing stored, for a vote that names what is not the caller's (another
 * user's vote id or session, a clip not in the session) or asks to delete one.
 */
export type ScoredVote = { outcome: 'scored' | 'rejected' | 'existing'; doc: ClientDoc } | { outcome: 'refused'; doc: null; error: string };

/** What the transaction settled: the stored vote (a retry), the data it wrote, or a refusal it did not store. */
type Settled =
  | { outcome: 'existing'; snap: DocumentSnapshot }
  | { outcome: 'scored' | 'rejected'; data: StoredVote }
  | { outcome: 'refused'; error: string };

/** A vote's reads about its track: the track, the user's vote key and stats (in the transaction), and how others guessed. */
type TrackReads = { trackId: string; snaps: Array<DocumentSnapshot | undefined>; stats: DocumentSnapshot };

const count = (snap: DocumentSnapshot | undefined, field: 'total' | 'correct'): number => voterStatsOf(snap)?.[field] ?? 0;

/**
 * Scores one vote in its own transaction (reads first, then writes): at most once per
 * (user, track) thanks to vote_keys/{uid}:{trackId}, with one of the track's vote shards
 * (vote-shards.ts), the user's stats and the session's progress updated in the same commit.
 * track_stats is neither read in the transaction nor written: the rollup adds the shards up.
 * A vote refused in the caller's own session is stored as `rejected` with the reason, so the
 * client's document settles (on every device) and the clip counts as done; one that names what is
 * not the caller's, or a clip its session has settled already, is answered with the reason but
 * writes nothing.
 * When this instance remembers the session (session-tracks.ts), every read of the transaction
 * goes in its first round trip; otherwise the track's reads need a second one.
 * `limit`, when given, is checked and counted in the same transaction: over it, the 429 is
 * thrown and nothing is written.
 */
export async function scoreVote(deps: Deps, uid: string, vote: ClientVote, limit?: RateLimitCounter): Promise<ScoredVote> {
  const { db } = deps;
  const trackRefs = (trackId: string): [track: DocumentReference, key: DocumentReference, userStats: DocumentReference] => [
    db.collection(COL.tracks).doc(trackId),
    voteKeyRef(db, uid, trackId),
    db.collection(COL.userVoteStats).doc(uid),
  ];
  // How the others guessed, as last rolled up: read outside the transaction (no lock, since
  // locking track_stats would queue a hot track's votes behind its rollup), beside its reads, and
  // kept by this instance for a moment (reveal.ts).
  const others = (trackId: string) => othersGuessed(db, trackId);
  const settled = await db.runTransaction(async (tx): Promise<Settled> => {
    const voteRef = db.collection(COL.votes).doc(vote.id);
    const sessionRef = db.collection(COL.voteSessions).doc(vote.session_id);
    // The track this instance remembers behind the clip is read in the same round trip as the
    // session; settle() uses those reads only if the session names the same track.
    const hint = rememberedTrack(db, vote.session_id, uid, vote.clip_id);
    const [snaps, hintStats] = await Promise.all([
      tx.getAll(voteRef, sessionRef, ...(hint ? trackRefs(hint) : []), ...(limit ? [limit.ref] : [])),
      hint ? others(hint) : null,
    ]);
    const [existing, sessionSnap] = snaps;
    const early: TrackReads | null = hint ? { trackId: hint, snaps: snaps.slice(2, 5), stats: hintStats! } : null;
    // Over the limit, this throws the 429 before anything is written.
    const countRequest = limit?.admit(snaps.at(-1));
    const result = await settle(tx, voteRef, existing, sessionSnap, early);
    countRequest?.(tx);
    return result;
  });
  if (settled.outcome === 'refused') return { outcome: 'refused', doc: null, error: settled.error };
  if (settled.outcome === 'existing') return { outcome: 'existing', doc: toClientDoc('votes', settled.snap) };
  return { outcome: settled.outcome, doc: writtenVote(vote.id, settled.data) };

  /** The vote's outcome, its writes queued in `tx` (every read comes before the first write). */
  async function settle(tx: Transaction, voteRef: DocumentReference, existing: DocumentSnapshot | undefined, sessionSnap: DocumentSnapshot | undefined, early: TrackReads | null): Promise<Settled> {
    const refuse = (error: string): Settled => ({ outcome: 'refused', error });
    if (existing?.exists) return existing.get('user_id') === uid ? { outcome: 'existing', snap: existing } : refuse(VOTE_MSG.idTaken);

    const nowIso = new Date(deps.now()).toISOString();
    const base = {
      user_id: uid,
      session_id: vote.session_id,
      clip_id: vote.clip_id,
      guess: vote.guess,
      guessed_is_ai: isAi(vote.guess),
      created_at: vote.created_at,
      scored_at: nowIso,
      // A value, not serverTimestamp(): runTransaction does not return the commit time, and the
      // push answers with exactly the stored vote (retries read it back). It precedes the commit
      // by the transaction's duration; a pull could only page past it if another vote of the same
      // owner committed in that window, i.e. two devices pushing within the same milliseconds
      // (one push scores its votes one transaction after the other).
      updatedAt: Timestamp.now(),
      _deleted: false as const,
    };
    const reject = (error: string): Settled => {
      const data: StoredVote = { ...base, track_id: null, status: 'rejected', is_correct: null, reveal: null, rating: null, error };
      tx.create(voteRef, data);
      return { outcome: 'rejected', data };
    };

    const session = sessionSnap?.exists ? sessionOf(sessionSnap) : null;
    if (!session || session.user_id !== uid) return refuse(VOTE_MSG.sessionNotFound);
    const trackId = trackOfClip(session, vote.clip_id);
    // Remembered again only when the instance did not know the clip's track, or knew it wrong.
    if (early?.trackId !== trackId) rememberSessionTracks(db, sessionSnap!.id, session);
    if (!trackId) return refuse(VOTE_MSG.clipNotInSession);
    if (vote._deleted) return refuse(VOTE_MSG.cannotDelete);
    // Settled in this session already (voted, or refused as closed): answered, not stored again, so
    // pushes of new vote ids for one clip cannot pile up documents (outside review).
    if ((session.voted_clip_ids ?? []).includes(vote.clip_id)) return refuse(VOTE_MSG.alreadyVoted);

    const [trackRef, keyRef, userStatsRef] = trackRefs(trackId);
    const [[trackSnap, key, userStats], statsSnap] =
      early?.trackId === trackId ? [early.snaps, early.stats] : await Promise.all([tx.getAll(trackRef, keyRef, userStatsRef), others(trackId)]);
    const track = trackSnap?.exists ? trackOf(trackSnap) : null;

    // From here on the clip is settled for this session, whether the vote counts or not.
    settleClip(db, tx, sessionSnap!, session, vote.clip_id, nowIso);
    if (!track || track.status !== 'approved' || track.submission_type !== 'contest') return reject(VOTE_MSG.trackClosed);
    if (key?.exists) return reject(VOTE_MSG.alreadyVoted);

    const isCorrect = vote.guess === track.song_type;
    // A game between the listener (rated here, in this transaction) and the track as last rolled
    // up; the track is rated by the rollup, from the game its shard keeps (docs/adr/0051-skill-ratings.md).
    const listener = ratingOf(voterStatsOf(userStats));
    const rated = rateListener(listener, ratingOf(statsSnap.exists ? trackStatsOf(statsSnap) : undefined), isCorrect);
    const rating = { before: listener.rating, after: rated.rating, deviation: rated.deviation };
    const data: StoredVote = {
      ...base,
      track_id: trackId,
      status: 'scored',
      is_correct: isCorrect,
      reveal: { ...revealOf(track), others: othersOf(statsSnap) },
      rating,
      error: null,
    };
    tx.create(voteRef, data);
    tx.create(keyRef, { user_id: uid, track_id: trackId, vote_id: vote.id, created_at: nowIso });
    countVote(db, tx, deps.env.contest.voteShards, trackId, vote, {
      rating: listener.rating,
      deviation: listener.deviation,
      right: isCorrect,
      guess: vote.guess,
      type: track.song_type,
      genre: track.genre,
      n: count(userStats, 'total') + 1,
      week: weekOf(nowIso),
    });
    tx.set(
      userStatsRef,
      {
        user_id: uid,
        total: count(userStats, 'total') + 1,
        correct: count(userStats, 'correct') + (isCorrect ? 1 : 0),
        ...ratingFields(rated),
        updatedAt: FieldValue.serverTimestamp(),
      },
      { merge: true },
    );
    return { outcome: 'scored', data };
  }
}

/** The client's view of a vote this call wrote, as a pull would give it, without reading it back. */
function writtenVote(id: string, data: Record<string, unknown> & { updatedAt: Timestamp }): ClientDoc {
  const doc: ClientDoc = { id, updatedAt: data.updatedAt.toMillis(), _deleted: false };
  for (const field of SYNC_REGISTRY.votes.fields) doc[field] = data[field] ?? null;
  return doc;
}

/** Marks the clip voted in its session and completes the session when it was the last one. */
function settleClip(db: Firestore, tx: Transaction, snap: DocumentSnapshot, session: VoteSessionDoc, clipId: string, nowIso: string): void {
  // Never a clip settled already: settle() answers those before it gets here.
  const voted = new Set([...(session.voted_clip_ids ?? []), clipId]);
  const complete = session.completed_at === null && session.clips.every((c) => voted.has(c.clip_id));
  tx.update(
    db.collection(COL.voteSessions).doc(snap.id),
    complete
      ? { voted_clip_ids: [...voted], completed_at: nowIso, updatedAt: FieldValue.serverTimestamp() }
      : { voted_clip_ids: [...voted] },
  );
}
