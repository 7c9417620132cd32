import type { Firestore, Transaction } from 'firebase-admin/firestore';
import type { RequestHandler } from 'express';
import { CMS_MSG } from '../../../common/cms/cms-messages';
import { markListingCopiesDue, refreshListingCopiesAfterChange } from '../marketplace/refresh-copies';
import { scheduleLeaderboardRefresh } from '../leaderboards/refresh-scheduler';
import { readShardsToDelete } from '../voting/vote-shards';
import { readTrackInsightsToRelease } from '../insights/aggregates';
import { prepareRadioWithdrawal } from '../radio/withdraw';
import { COL } from '../platform/firestore/collections';
import { requireCaller } from '../platform/http/auth';
import type { Deps } from '../platform/deps';
import { conflict, notFound } from '../platform/http/errors';
import { log } from '../platform/log';
import { noFields, parse } from '../platform/http/validate';
import { clipPathOf } from './clip-file';
import { trackIdParams } from './cms-schemas';
import { auditTrack, trackOf } from './track-write';

/** Whether another track than `id` points at the same stored value (one upload sent to both routes). */
async function sharedWithOther(db: Firestore, tx: Transaction, field: 'audio_path' | 'video_path' | 'preview_path' | 'clip_id', value: string, id: string) {
  const snap = await tx.get(db.collection(COL.tracks).where(field, '==', value).limit(2));
  return snap.docs.some((d) => d.id !== id);
}

/**
 * POST /api/cms/tracks/:id/delete — refused (409) for a track that has orders; otherwise removes the track, its track_stats, vote shards and clips documents in one
 * transaction (and withdraws its radio submission, refunded, if it has not aired), then its files
 * (original, clip, preview, video) unless another track still uses them. Votes that reference the track stay. A deleted contest twin leaves the contest, so the
 * listing of its marketplace twin shows the song type again.
 */
export const deleteTrack =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const caller = requireCaller(res);
    const { id } = parse(trackIdParams, req.params);
    parse(noFields, req.body ?? {});
    await removeTrack(deps, id, caller.uid);
    res.json({ id, deleted: true });
  };

/** Deletes a track as the CMS does (see deleteTrack), `actorId` named in the audit log. */
export async function removeTrack(deps: Deps, id: string, actorId: string): Promise<void> {
  const { db } = deps;
  const { files, track } = await db.runTransaction(async (tx) => {
    const ref = db.collection(COL.tracks).doc(id);
    const snap = await tx.get(ref);
    if (!snap.exists) throw notFound(CMS_MSG.trackNotFound);
    const track = trackOf(snap);
    // A sold (or ordered) track stays: its buyers download its original (orders/licence.ts).
    const ordered = await tx.get(db.collection(COL.orders).where('track_id', '==', id).limit(1));
    if (!ordered.empty) throw conflict(CMS_MSG.trackHasOrders);
    const clipRef = track.clip_id && !(await sharedWithOther(db, tx, 'clip_id', track.clip_id, id)) ? db.collection(COL.clips).doc(track.clip_id) : null;
    const clip = clipRef ? await tx.get(clipRef) : null;
    const paths: string[] = [];
    if (track.audio_path && !(await sharedWithOther(db, tx, 'audio_path', track.audio_path, id))) paths.push(track.audio_path);
    if (track.video_path && !(await sharedWithOther(db, tx, 'video_path', track.video_path, id))) paths.push(track.video_path);
    if (track.preview_path && !(await sharedWithOther(db, tx, 'preview_path', track.preview_path, id))) paths.push(track.preview_path);
    const clipPath = clip ? clipPathOf(clip) : null;
    if (clipPath) paths.push(clipPath);
    const shards = await readShardsToDelete(db, tx, id);
    // Its per-type insights count from now on, with the votes its shards still hold.
    const release = await readTrackInsightsToRelease(db, tx, id);
    const withdraw = await prepareRadioWithdrawal(deps, tx, id);
    const nowIso = new Date(deps.now()).toISOString();
    tx.delete(ref);
    tx.delete(db.collection(COL.trackStats).doc(id));
    // With the audio it had: the listings of its twins follow even though it can no longer be read.
    markListingCopiesDue(db, tx, id, track);
    shards.remove();
    release(nowIso, shards.games);
    if (clipRef) tx.delete(clipRef);
    await withdraw?.();
    auditTrack(db, tx, 'track.delete', actorId, track, null, nowIso);
    return { files: paths, track };
  });
  // Storage is not transactional: files go after the documents, so no document points at a missing file.
  await Promise.all(files.map((p) => deps.storage.delete(p).catch((err: unknown) => log.mediaCleanupFailed(p, err))));
  // The track's own listings go off sale; its twin's show the song type again.
  await refreshListingCopiesAfterChange(db, { trackId: id, audio: track });
  scheduleLeaderboardRefresh(deps);
}
