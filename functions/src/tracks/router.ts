import { Router } from 'express';
import { tracks } from '../../../common/api/tracks';
import type { Deps } from '../platform/deps';
import { mounter } from '../platform/http/mount';
import { myTracks } from './my-tracks';
import { submitTrack } from './submit-track';

/** POST /api/tracks (multipart submission), GET /api/tracks/mine: declared in common/api/tracks.ts; the flow is in docs/api.md. */
export function tracksRouter(deps: Deps): Router {
  const router = Router();
  const on = mounter(deps, router, '/api/tracks');
  on(tracks.submit, submitTrack(deps));
  on(tracks.mine, myTracks(deps));
  return router;
}
