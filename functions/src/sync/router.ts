import { Router } from 'express';
import { sync } from '../../../common/api/sync';
import type { Deps } from '../platform/deps';
import { mounter } from '../platform/http/mount';
import { pull } from './pull';
import { push } from './push';
import { pushHandlers } from './push-handlers';
import { stream } from './stream';

/** /api/sync: RxDB replication (pull by checkpoint, push, and the SSE change stream). */
export function syncRouter(deps: Deps): Router {
  const router = Router();
  const on = mounter(deps, router, '/api/sync');
  on(sync.stream, stream(deps));
  on(sync.pull, pull(deps));
  on(sync.push, push(deps, pushHandlers));
  return router;
}
