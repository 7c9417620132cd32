import { Router } from 'express';
import type { Deps } from '../platform/deps';
import { pull } from './pull';
import { push } from './push';
import { pushHandlers } from './push-handlers';
import { stream } from './stream';

/** /api/sync: RxDB replication (pull by checkpoint, push, and the SSE change stream). */
export function syncRouter(deps: Deps): Router {
  const router = Router();
  router.get('/stream', stream(deps));
  router.get('/:collection/pull', pull(deps));
  router.post('/:collection/push', push(deps, pushHandlers));
  return router;
}
