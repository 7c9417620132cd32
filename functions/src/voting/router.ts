import { Router } from 'express';
import { openSessionInput, voting } from '../../../common/api/voting';
import { requireCaller } from '../platform/http/auth';
import type { Deps } from '../platform/deps';
import { mounter } from '../platform/http/mount';
import { consumeRateLimit } from '../platform/http/rate-limit';
import { parse } from '../platform/http/validate';
import { openVoteSession } from './open-session';

/** Vote sessions under /api/vote-sessions (votes themselves arrive through sync push). */
export function votingRouter(deps: Deps): Router {
  const router = Router();
  const on = mounter(deps, router, '/api/vote-sessions');
  // A paid session opens only with its price confirmed (open-session.ts).
  on(voting.open, async (req, res) => {
    const caller = requireCaller(res);
    const input = parse(openSessionInput, req.body);
    await consumeRateLimit(deps, 'session_open', caller.uid);
    const opened = await openVoteSession(deps, caller.uid, input?.token_cost);
    if (!opened.session) {
      res.status(200).json({ session: null });
      return;
    }
    res.status(opened.status).json({ session: opened.session, balance: opened.balance });
  });
  return router;
}
