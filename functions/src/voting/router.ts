import { Router } from 'express';
import { z } from 'zod';
import { requireCaller } from '../platform/auth';
import type { Deps } from '../platform/deps';
import { consumeRateLimit } from '../platform/rate-limit';
import { parse } from '../platform/validate';
import { openVoteSession } from './open-session';

/** The body is empty or `{}`: the server alone decides which clips and what it costs. */
const openInput = z.union([z.undefined(), z.strictObject({})]);

/** Vote sessions under /api/vote-sessions (votes themselves arrive through sync push). */
export function votingRouter(deps: Deps): Router {
  const router = Router();
  router.post('/', async (req, res) => {
    const caller = requireCaller(res);
    parse(openInput, req.body);
    await consumeRateLimit(deps, 'session_open', caller.uid);
    const opened = await openVoteSession(deps, caller.uid);
    if (!opened.session) {
      res.status(200).json({ session: null });
      return;
    }
    res.status(opened.status).json({ session: opened.session, balance: opened.balance });
  });
  return router;
}
