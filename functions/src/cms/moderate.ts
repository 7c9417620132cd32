import type { RequestHandler } from 'express';
import { refreshListingCopiesAfterChange } from '../marketplace/refresh-copies';
import { requireCaller } from '../platform/http/auth';
import type { Deps } from '../platform/deps';
import { noFields, parse } from '../platform/http/validate';
import { approveInput, trackIdParams } from './cms-schemas';
import { randomCover } from './covers';
import { contestEntryGuard, toCmsTrack, updateTrack } from './track-write';

/**
 * POST /api/cms/tracks/:id/approve { cover_art_url? } — approved with the chosen cover, or a
 * random placeholder. Allowed from any status (the editor can set any status anyway); a contest
 * track that is not yet approved is checked as a new entry (contestEntryGuard): 409 when its audio
 * sounds like another contest track or a listing that shows its type.
 */
export const approveTrack =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const caller = requireCaller(res);
    const { id } = parse(trackIdParams, req.params);
    const input = parse(approveInput, req.body ?? {});
    const cover = input.cover_art_url ?? (await randomCover(deps));
    const approve = () => ({ status: 'approved' as const, cover_art_url: cover });
    // Approving a contest track enters it again: refused when its audio sounds like another contest track or a type-showing listing.
    const guard = await contestEntryGuard(deps, id, approve);
    const { track, counts } = await updateTrack(deps, id, approve, { actorId: caller.uid, action: 'track.approve' }, guard);
    await refreshListingCopiesAfterChange(deps.db, { trackId: id, audio: track });
    res.json({ track: await toCmsTrack(deps, track, counts) });
  };

/** POST /api/cms/tracks/:id/reject — status rejected (from any status); the cover stays. */
export const rejectTrack =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const caller = requireCaller(res);
    const { id } = parse(trackIdParams, req.params);
    parse(noFields, req.body ?? {});
    const { track, counts } = await updateTrack(deps, id, () => ({ status: 'rejected' }), { actorId: caller.uid, action: 'track.reject' });
    // A rejected contest twin leaves the contest: its listed twin shows its type again. A rejected
    // marketplace track's listings go off sale.
    await refreshListingCopiesAfterChange(deps.db, { trackId: id, audio: track });
    res.json({ track: await toCmsTrack(deps, track, counts) });
  };
