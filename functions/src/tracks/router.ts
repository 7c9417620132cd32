import { Router } from 'express';
import type { Deps } from '../platform/deps';
import { submitTrack } from './submit-track';

/** POST /api/tracks (multipart submission) — see docs/api.md. */
export function tracksRouter(deps: Deps): Router {
  const router = Router();
  router.post('/', submitTrack(deps));
  return router;
}
