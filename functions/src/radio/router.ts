import { Router } from 'express';
import { radio } from '../../../common/api/radio';
import type { Deps } from '../platform/deps';
import { mounter } from '../platform/http/mount';
import { createAd } from './create-ad';
import { createSubmission } from './create-submission';

/**
 * /api/radio: paid radio submissions (a music track, an advertisement; docs/api.md). The admin
 * side is /api/cms/radio (cms-routes.ts); the station itself is outside the API (an AzuraCast
 * station deployed, scripts/lib/demo-station locally: docs/radio-station.md).
 */
export function radioRouter(deps: Deps): Router {
  const router = Router();
  const on = mounter(deps, router, '/api/radio');
  on(radio.submitMusic, createSubmission(deps));
  on(radio.submitAd, createAd(deps));
  return router;
}
