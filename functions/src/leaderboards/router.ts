import { Router } from 'express';
import type { Deps } from '../platform/deps';
import { leaderboardsStream } from './leaderboards-stream';
import { publicLeaderboards } from './public-leaderboards';

/** /api/public/leaderboards: the summaries, and their SSE stream. */
export function leaderboardsRouter(deps: Deps): Router {
  const router = Router();
  router.get('/', publicLeaderboards(deps));
  router.get('/stream', leaderboardsStream(deps));
  return router;
}
