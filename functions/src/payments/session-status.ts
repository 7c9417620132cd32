import { COL } from '../platform/collections';
import type { RequestHandler } from 'express';
import { docId } from '../../../common/schemas';
import { requireCaller } from '../platform/auth';
import type { Deps } from '../platform/deps';
import { notFound } from '../platform/errors';
import { parse } from '../platform/validate';

/** GET /api/payments/session/:id -> { status: 'open' | 'completed', tokens } (own sessions only). */
export const sessionStatus =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const caller = requireCaller(res);
    const id = parse(docId, req.params.id);
    const snap = await deps.db.collection(COL.checkoutSessions).doc(id).get();
    if (!snap.exists || snap.get('user_id') !== caller.uid) throw notFound('Checkout session not found');
    res.json({ status: snap.get('status') === 'completed' ? 'completed' : 'open', tokens: snap.get('tokens') as number });
  };
