import { checkoutSessionsCol } from './checkout-session-doc';
import type { RequestHandler } from 'express';
import { docId } from '../../../common/schemas';
import { requireCaller } from '../platform/http/auth';
import type { Deps } from '../platform/deps';
import { notFound } from '../platform/http/errors';
import { parse } from '../platform/http/validate';

/** GET /api/payments/session/:id -> { status: 'open' | 'completed', tokens } (own sessions only). */
export const sessionStatus =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const caller = requireCaller(res);
    const id = parse(docId, req.params.id);
    const session = (await checkoutSessionsCol(deps.db).doc(id).get()).data();
    if (!session || session.user_id !== caller.uid) throw notFound('Checkout session not found');
    res.json({ status: session.status === 'completed' ? 'completed' : 'open', tokens: session.tokens });
  };
