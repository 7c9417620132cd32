import type { RequestHandler } from 'express';
import { CMS_MSG } from '../../../common/cms/cms-messages';
import { COL } from '../platform/firestore/collections';
import { requireCaller } from '../platform/http/auth';
import type { Deps } from '../platform/deps';
import { notFound } from '../platform/http/errors';
import { parse } from '../platform/http/validate';
import { recutFiles } from './clip-file';
import { editTrackInput, trackIdParams } from './cms-schemas';
import { randomCover, withCoverIfApproved } from './covers';
import { editPatch } from './edit-patch';
import { contestEntryGuard, toCmsTrack, trackOf, updateTrack } from './track-write';
import type { TrackDoc } from '../tracks/track-doc';
import { refreshListingCopiesAfterChange } from '../marketplace/refresh-copies';

/**
 * POST /api/cms/tracks/:id — edits any of the track's fields (track and stats in one
 * transaction). A new preview start re-cuts the voting clip and the marketplace preview, checked
 * and cut before the transaction and stored before it too: if storing fails, nothing is committed
 * and a retry cuts again. (Stored after the commit, a failed store left the new start committed
 * with the old clip, and the retry, seeing the start unchanged, never re-cut it.) Only an edit
 * refused by the transaction itself after the files are stored (the track deleted or changed
 * meanwhile) leaves the new clip with the old start, until the next edit of the start.
 * The listings of the track and of its twin from the other route follow. A change that enters the
 * track into the contest (a move to it, an approval, rejected to pending) is refused (409) when its
 * audio sounds like another contest track or a listing that shows its type (contestEntryGuard).
 */
export const editTrack =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const caller = requireCaller(res);
    const { id } = parse(trackIdParams, req.params);
    const input = parse(editTrackInput, req.body);
    let files: Array<{ path: string; data: Buffer }> = [];
    if (input.preview_start_time !== undefined) {
      const snap = await deps.db.collection(COL.tracks).doc(id).get();
      if (!snap.exists) throw notFound(CMS_MSG.trackNotFound);
      const current = trackOf(snap);
      editPatch(current, input); // refuses bad input before the (slow) cut
      if (input.preview_start_time !== current.preview_start_time) files = await recutFiles(deps, current, input.preview_start_time);
    }
    await Promise.all(files.map((f) => deps.storage.put(f.path, f.data, 'audio/mpeg')));
    const random = await randomCover(deps);
    const change = (current: TrackDoc) => withCoverIfApproved(current, editPatch(current, input), random);
    // A move to the contest, or a status that enters it again, is checked as a new entry.
    const guard = await contestEntryGuard(deps, id, change);
    const { track, counts } = await updateTrack(deps, id, change, { actorId: caller.uid, action: 'track.edit' }, guard);
    await refreshListingCopiesAfterChange(deps.db, { trackId: id, audio: track });
    res.json({ track: await toCmsTrack(deps, track, counts) });
  };
