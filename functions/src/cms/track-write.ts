import { FieldValue, type DocumentSnapshot, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { CMS_MSG, type CmsTrack } from '../../../common/cms/cms-messages';
import { SIGNED_URL_SECONDS } from '../../../common/constants';
import { COL } from '../platform/firestore/collections';
import type { Deps } from '../platform/deps';
import { notFound } from '../platform/http/errors';
import { log } from '../platform/log';
import { scheduleLeaderboardRefresh } from '../leaderboards/refresh-scheduler';
import { foolRate, statsFromTrack, trackOf, type TrackDoc, type TrackStatsDoc } from '../tracks/track-doc';
import { newSampleKey } from '../voting/sample-key';
import { prepareRadioWithdrawal } from '../radio/withdraw';
import { recordDocChange, type AuditAction } from '../platform/firestore/audit';
import { refuseAcousticTwins, trackSubject } from '../tracks/acoustic-twins';
import { displayRating, ratingFields, ratingOf } from '../voting/ratings';
import { readTrackInsightsToRelease } from '../insights/aggregates';
import { NEW_RATING } from '../../../common/contest/rating';
import { markListingCopiesDue } from '../marketplace/refresh-copies';

export type Counts = Pick<TrackStatsDoc, 'total_votes' | 'correct_guesses' | 'incorrect_guesses'>;

const count = (snap: DocumentSnapshot, field: string): number => {
  const v = snap.get(field) as unknown;
  return typeof v === 'number' && Number.isFinite(v) ? v : 0;
};

export const countsOf = (stats: DocumentSnapshot): Counts => ({
  total_votes: count(stats, 'total_votes'),
  correct_guesses: count(stats, 'correct_guesses'),
  incorrect_guesses: count(stats, 'incorrect_guesses'),
});

/** The counts and the rating (whole points, null before the track's first rollup) a CMS track shows. */
export type ShownStats = Counts & { rating: { rating: number; rating_deviation: number } | null };
export const shownStatsOf = (stats: DocumentSnapshot): ShownStats => ({
  ...countsOf(stats),
  rating: typeof stats.get('rating') === 'number' ? displayRating(ratingOf(stats.data())) : null,
});
export const NO_STATS: ShownStats = { total_votes: 0, correct_guesses: 0, incorrect_guesses: 0, rating: null };

export { trackOf };

/** A moderator's change of a track in the audit log: its title, and the fields that changed (a deletion: its status, route and type). The owner is the target. */
export function auditTrack(db: Firestore, tx: Transaction, action: AuditAction, actorId: string, before: TrackDoc, after: TrackDoc | null, nowIso: string): void {
  recordDocChange(
    db,
    tx,
    {
      action,
      actorId,
      targetUserId: before.submitted_by ?? null,
      name: ['track', before.title, after?.title ?? null],
      before,
      after,
      // The title is the `track` line.
      keys: after ? Object.keys(after).filter((k) => k !== 'title') : ['status', 'submission_type', 'song_type'],
    },
    nowIso,
  );
}

/**
 * A check of a change in its transaction, after the track is read and before anything is
 * written: it reads in `tx` and may throw a typed error to refuse; it returns the writes to queue, if any.
 */
export type TrackGuard = (tx: Transaction, current: TrackDoc, next: TrackDoc) => Promise<(() => void) | null>;

/**
 * Changes a track and keeps its track_stats in step, in one transaction (reads first). `change`
 * sees the stored track and returns the fields to set; it may throw a typed error to refuse, and
 * so may `guard` (which may read).
 * A track that is no longer approved withdraws its radio submission (prepareRadioWithdrawal).
 * The leaderboard summaries (titles, covers, eligibility) are refreshed soon after.
 */
export async function updateTrack(
  deps: Deps,
  id: string,
  change: (track: TrackDoc) => Partial<TrackDoc>,
  audit?: { actorId: string; action: AuditAction },
  guard?: TrackGuard,
): Promise<{ track: TrackDoc; counts: ShownStats }> {
  const { db } = deps;
  const ref = db.collection(COL.tracks).doc(id);
  const statsRef = db.collection(COL.trackStats).doc(id);
  const result = await db.runTransaction(async (tx) => {
    const [snap, stats] = await tx.getAll(ref, statsRef);
    if (!snap?.exists || !stats) throw notFound(CMS_MSG.trackNotFound);
    // A track stored before sampling keys gets one, so sessions can offer it (voting/sample-key.ts).
    const current = trackOf(snap);
    const patch = { ...(typeof snap.get('rand') === 'number' ? {} : { rand: newSampleKey() }), ...change(current) };
    const next: TrackDoc = { ...current, ...patch };
    const guarded = guard ? await guard(tx, current, next) : null;
    // A track that stops being approved leaves the radio queue, refunded (spec §4).
    const withdraw = next.status !== 'approved' ? await prepareRadioWithdrawal(deps, tx, id) : null;
    // A track that leaves the contest lets its held per-type insights count (insights/aggregates.ts).
    const release = isLive(current) && !isLive(next) ? await readTrackInsightsToRelease(db, tx, id) : null;
    tx.update(ref, { ...patch, updatedAt: FieldValue.serverTimestamp() });
    // Its listings and its twins' follow (the caller refreshes them at once; the mark makes sure).
    markListingCopiesDue(db, tx, id);
    guarded?.();
    await withdraw?.();
    release?.(new Date(deps.now()).toISOString());
    if (audit) auditTrack(db, tx, audit.action, audit.actorId, current, next, new Date(deps.now()).toISOString());
    // merge: fields other writers keep on the stats document (none are ours) survive.
    // A track stored before ratings starts as a newcomer, so the boards (ordered by rating_low) can rank it.
    const unrated = stats.get('rating') === undefined ? ratingFields(NEW_RATING) : {};
    tx.set(statsRef, { ...statsFromTrack(next, countsOf(stats), deps.env.contest.minRankedVotes), ...unrated, updatedAt: FieldValue.serverTimestamp(), _deleted: false }, { merge: true });
    return { track: next, counts: shownStatsOf(stats) };
  });
  scheduleLeaderboardRefresh(deps);
  return result;
}

/** Approved and in the contest: voted on, so its per-type insights are held back. */
const isLive = (t: Pick<TrackDoc, 'status' | 'submission_type'>) => t.status === 'approved' && t.submission_type === 'contest';

/**
 * Whether a change enters a track into the contest again: moved to the contest route, approved
 * (from pending or rejected), or made pending from rejected. Each is checked as an entry is.
 */
export function entersContest(current: TrackDoc, next: TrackDoc): boolean {
  if (next.submission_type !== 'contest') return false;
  if (current.submission_type !== 'contest') return true;
  return (next.status === 'approved' && current.status !== 'approved') || (next.status === 'pending' && current.status === 'rejected');
}

/**
 * The guard of a CMS change that may enter track `id` into the contest (`change` of its current
 * state, as updateTrack will apply it): refused (409) when its audio sounds like another contest
 * track or a listing that shows its type (tracks/acoustic-twins.ts). Its print is read, or made
 * from its original for a track stored before prints, before the transaction; a track without a
 * decodable original has nothing to compare.
 */
export async function contestEntryGuard(deps: Deps, id: string, change: (track: TrackDoc) => Partial<TrackDoc>): Promise<TrackGuard | undefined> {
  const snap = await deps.db.collection(COL.tracks).doc(id).get();
  if (!snap.exists) return undefined; // updateTrack answers 404
  const current = trackOf(snap);
  if (!entersContest(current, { ...current, ...change(current) })) return undefined;
  const nowIso = new Date(deps.now()).toISOString();
  const subject = await trackSubject(deps, current, nowIso);
  return async (tx, before, next) => {
    if (!entersContest(before, next) || !subject) return null;
    return refuseAcousticTwins(deps.db, tx, { ...subject, audio: next, ownIds: [before.id] }, before.id, nowIso);
  };
}

/** The CMS view of a track: no storage paths or clip id; stats and a signed URL of the full audio (null if it cannot be signed). */
export async function toCmsTrack(deps: Deps, track: TrackDoc, counts: ShownStats): Promise<CmsTrack> {
  return {
    id: track.id,
    title: track.title,
    artist_name: track.artist_name,
    genre: track.genre,
    is_ai: track.is_ai,
    song_type: track.song_type,
    submission_type: track.submission_type,
    status: track.status,
    cover_art_url: track.cover_art_url ?? null,
    preview_start_time: track.preview_start_time,
    duration_seconds: track.duration_seconds,
    creation_story: track.creation_story ?? null,
    hybrid_ai_elements: track.hybrid_ai_elements ?? [],
    hybrid_human_elements: track.hybrid_human_elements ?? [],
    hybrid_tools_used: track.hybrid_tools_used ?? [],
    submitted_by: track.submitted_by,
    created_at: track.created_at,
    has_video: Boolean(track.video_path),
    // After a committed change, a signer that fails must not turn the answer into a 500.
    audio_url: await deps.storage.signedUrl(track.audio_path, SIGNED_URL_SECONDS).catch((err: unknown) => {
      log.signedUrlFailed(track.audio_path, err);
      return null;
    }),
    stats: {
      total_votes: counts.total_votes,
      fool_rate: foolRate(counts.incorrect_guesses, counts.total_votes),
      rating: counts.rating?.rating ?? null,
      rating_deviation: counts.rating?.rating_deviation ?? null,
    },
  };
}
