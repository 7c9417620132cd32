import type { RequestHandler } from 'express';
import { CMS_MSG } from '../../../common/cms-messages';
import { requireAdmin } from '../platform/auth';
import { COL } from '../platform/collections';
import type { Deps } from '../platform/deps';
import { notFound } from '../platform/errors';
import { parse } from '../platform/validate';
import { recutClip } from './clip-file';
import { editTrackInput, trackIdParams } from './cms-schemas';
import { editPatch } from './edit-patch';
import { toCmsTrack, trackOf, updateTrack } from './track-write';
import { refreshListingCopies } from '../marketplace/listing-write';

/**
 * POST /api/cms/tracks/:id — edits any of the track's fields (track and stats in one
 * transaction). A new preview start re-cuts the voting clip: cut before the transaction (so a
 * refused edit writes nothing), stored after it commits.
 */
export const editTrack =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    await requireAdmin(deps, res);
    const { id } = parse(trackIdParams, req.params);
    const input = parse(editTrackInput, req.body);
    let clip: { path: string; data: Buffer } | null = null;
    if (input.preview_start_time !== undefined) {
      const snap = await deps.db.collection(COL.tracks).doc(id).get();
      if (!snap.exists) throw notFound(CMS_MSG.trackNotFound);
      const current = trackOf(snap);
      editPatch(current, input); // refuses bad input before the (slow) cut
      if (input.preview_start_time !== current.preview_start_time) clip = await recutClip(deps, current, input.preview_start_time);
    }
    const { track, counts } = await updateTrack(deps, id, (current) => editPatch(current, input));
    if (clip) await deps.storage.put(clip.path, clip.data, 'audio/mpeg');
    await refreshListingCopies(deps.db, id);
    res.json({ track: await toCmsTrack(deps, track, counts) });
  };
