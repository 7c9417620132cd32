import { Router } from 'express';
import type { Deps } from '../platform/deps';
import { createAd } from './create-ad';
import { createSubmission } from './create-submission';
import { demoStation } from './demo-station';

/**
 * /api/radio: paid radio submissions (a music track, an advertisement; docs/api.md), and the demo
 * station, only when the emulators configure one (config.demoRadioMp3). The admin side is
 * /api/cms/radio (cms-routes.ts).
 */
export function radioRouter(deps: Deps): Router {
  const router = Router();
  router.post('/submissions', createSubmission(deps));
  router.post('/ads', createAd(deps));
  if (deps.config.demoRadioMp3) router.use('/demo', demoStation(deps, deps.config.demoRadioMp3));
  return router;
}
