import { ORDER_TRANSITIONS } from '../../../common/marketplace/orders';
import type { Deps } from '../platform/deps';
import { StoredDocError } from '../platform/firestore/typed-collection';
import { expireIfDue, isDue, ordersCol } from './order-doc';

/**
 * Marks unpaid cash orders past their deadline EXPIRED: all of them (the scheduled sweep) or
 * one user's (before their orders are read). Returns how many it expired. A malformed order
 * (logged where it is read: stored_doc_invalid) is passed over, so it holds up none of the others.
 */
export async function expireDueOrders(deps: Deps, uid?: string): Promise<number> {
  const now = deps.now();
  let query = ordersCol(deps.db).where('status', 'in', [...ORDER_TRANSITIONS.expire.from]);
  if (uid) query = query.where('party_ids', 'array-contains', uid);
  const snap = await query.get();
  const due = snap.docs.filter((d) => {
    try {
      return isDue(d.data(), now);
    } catch (err) {
      if (err instanceof StoredDocError) return false;
      throw err;
    }
  });
  const done = await Promise.all(due.map((d) => expireIfDue(deps.db, d.ref, now)));
  return done.filter((order) => order !== null).length;
}

/** The local stack's stand-in for the deployed scheduled function: a sweep every minute. */
export function startOrderExpirySweep(deps: Deps, everyMs = 60_000, onError: (err: unknown) => void): () => void {
  const timer = setInterval(() => void expireDueOrders(deps).catch(onError), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
