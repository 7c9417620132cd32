import { Router } from 'express';
import type { Deps } from '../platform/deps';

/** Vote sessions and clips under /api/vote-sessions. */
export function votingRouter(_deps: Deps): Router {
  return Router();
}
