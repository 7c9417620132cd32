import type { RequestHandler } from 'express';
import { COL } from '../platform/firestore/collections';
import type { Deps } from '../platform/deps';
import { parse } from '../platform/http/validate';
import { listTracksQuery } from './cms-schemas';
import { NO_STATS, shownStatsOf, toCmsTrack, trackOf } from './track-write';

const LIST_LIMIT = 200;

/** GET /api/cms/tracks?status=pending|approved|rejected|all — newest first, with stats and a signed audio URL. */
export const listTracks =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const { status } = parse(listTracksQuery, req.query);
    const { db } = deps;
    const tracks = db.collection(COL.tracks);
    const filtered = status === 'all' ? tracks : tracks.where('status', '==', status);
    const snap = await filtered.orderBy('created_at', 'desc').limit(LIST_LIMIT).get();
    const stats = snap.empty ? [] : await db.getAll(...snap.docs.map((d) => db.collection(COL.trackStats).doc(d.id)));
    const body = await Promise.all(
      snap.docs.map((d, i) => {
        const s = stats[i];
        return toCmsTrack(deps, trackOf(d), s?.exists ? shownStatsOf(s) : NO_STATS);
      }),
    );
    res.json({ tracks: body });
  };
