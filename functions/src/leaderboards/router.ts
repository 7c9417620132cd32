import { Router } from 'express';
import { leaderboards } from '../../../common/api/leaderboards';
import type { Deps } from '../platform/deps';
import { mounter } from '../platform/http/mount';
import { leaderboardsStream } from './leaderboards-stream';
import { publicLeaderboards } from './public-leaderboards';

/** /api/public/leaderboards: the summaries, and their SSE stream. */
export function leaderboardsRouter(deps: Deps): Router {
  const router = Router();
  const on = mounter(deps, router, '/api/public/leaderboards');
  on(leaderboards.read, publicLeaderboards(deps));
  on(leaderboards.stream, leaderboardsStream(deps));
  return router;
}
