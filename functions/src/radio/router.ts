import { Router } from 'express';
import type { Deps } from '../platform/deps';
import { demoStation } from './demo-station';

/** /api/radio: the demo station, only when the emulators configure one (config.demoRadioMp3). */
export function radioRouter(deps: Deps): Router {
  const router = Router();
  if (deps.config.demoRadioMp3) router.use('/demo', demoStation(deps, deps.config.demoRadioMp3));
  return router;
}
