import { Router } from 'express';
import type { Deps } from '../platform/deps';
import { myTracks } from './my-tracks';
import { submitTrack } from './submit-track';

/** POST /api/tracks (multipart submission), GET /api/tracks/mine — see docs/api.md. */
export function tracksRouter(deps: Deps): Router {
  const router = Router();
  router.post('/', submitTrack(deps));
  router.get('/mine', myTracks(deps));
  return router;
}
