import { Router } from 'express';
import { z } from 'zod';
import { requireCaller } from '../platform/auth';
import type { Deps } from '../platform/deps';
import { consumeRateLimit } from '../platform/rate-limit';
import { parse } from '../platform/validate';
import { shownTokenCost } from '../tokens/pricing';
import { openVoteSession } from './open-session';

/**
 * The body is empty, `{}`, or `{ token_cost }`: the price the caller was shown and agrees to pay
 * for a new session. The server alone decides which clips and what it costs; a paid session
 * opens only with its price confirmed (open-session.ts).
 */
const openInput = z.union([z.undefined(), z.strictObject({ token_cost: shownTokenCost })]);

/** Vote sessions under /api/vote-sessions (votes themselves arrive through sync push). */
export function votingRouter(deps: Deps): Router {
  const router = Router();
  router.post('/', async (req, res) => {
    const caller = requireCaller(res);
    const input = parse(openInput, req.body);
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
