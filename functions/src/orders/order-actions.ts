import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { ORDER_MSG, ORDER_TRANSITIONS, PROOF_FIELD, PROOF_MAX_BYTES, type Order, type OrderAction } from '../../../common/orders';
import { requireCaller } from '../platform/auth';
import type { Deps } from '../platform/deps';
import { badRequest, conflict, forbidden } from '../platform/errors';
import { log } from '../platform/log';
import { sniffImage } from '../platform/media';
import { readSingleUpload } from '../platform/multipart';
import { parse } from '../platform/validate';
import { applyTransition, isDue, orderIdParams, orderRef, ownOrder, type OrderDoc } from './order-doc';

const WHO_MAY: Record<'buyer' | 'seller', string> = { buyer: ORDER_MSG.onlyBuyerProof, seller: ORDER_MSG.onlySeller };

/**
 * Applies `action` to an order for `uid`, in one transaction: the order must be theirs, they must be the side the action belongs to,
 * and the order must be in a status the action starts from. An unpaid order past its deadline
 * becomes EXPIRED first, and the action is refused.
 */
export async function actOnOrder(deps: Deps, uid: string, orderId: string, action: Exclude<OrderAction, 'expire'>, extra: Record<string, unknown> = {}): Promise<Order> {
  const { db } = deps;
  const rule = ORDER_TRANSITIONS[action];
  const now = deps.now();
  const nowIso = new Date(now).toISOString();
  const outcome = await db.runTransaction(async (tx) => {
    const snap = await tx.get(orderRef(db, orderId));
    const data = ownOrder(snap.data() as OrderDoc | undefined, uid);
    const side = rule.by === 'system' ? null : rule.by;
    if (side && data[`${side}_id`] !== uid) throw forbidden(WHO_MAY[side]);
    if (isDue(data, now)) {
      applyTransition(db, tx, snap, 'expire', nowIso);
      return null;
    }
    if (!rule.from.includes(data.status)) throw conflict(ORDER_MSG.wrongStatus(data.status));
    return applyTransition(db, tx, snap, action, nowIso, extra);
  });
  if (!outcome) throw conflict(ORDER_MSG.expired);
  return outcome;
}

/** POST /api/orders/:id/approve — the seller, from AWAITING_SELLER or UNDER_REVIEW; grants the licence. */
export const approveOrder =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const caller = requireCaller(res);
    const { id } = parse(orderIdParams, req.params);
    res.json({ order: await actOnOrder(deps, caller.uid, id, 'approve') });
  };

/** POST /api/orders/:id/reject — the seller, from AWAITING_SELLER or UNDER_REVIEW. */
export const rejectOrder =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const caller = requireCaller(res);
    const { id } = parse(orderIdParams, req.params);
    res.json({ order: await actOnOrder(deps, caller.uid, id, 'reject') });
  };

/**
 * POST /api/orders/:id/proof (multipart: image, optional order_id) — the buyer's payment
 * proof, an image checked by content (PNG, JPEG, WebP or GIF, at most 5 MB). It is stored
 * first and removed again if the order refuses it.
 */
export const uploadProof =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const caller = requireCaller(res);
    const { id } = parse(orderIdParams, req.params);
    const upload = await readSingleUpload(req, {
      field: PROOF_FIELD,
      maxBytes: PROOF_MAX_BYTES,
      allowedFields: ['order_id'],
      tooLarge: ORDER_MSG.proofTooLarge,
      missing: ORDER_MSG.proofRequired,
    });
    if (upload.fields.order_id !== undefined && upload.fields.order_id !== id) throw badRequest('order_id does not match the order');
    const kind = sniffImage(upload.data);
    if (!kind) throw badRequest(ORDER_MSG.proofNotImage);
    const path = `proofs/${id}/${randomUUID()}.${kind}`;
    await deps.storage.put(path, upload.data, `image/${kind}`);
    try {
      res.json({ order: await actOnOrder(deps, caller.uid, id, 'upload_proof', { proof_path: path, has_proof: true }) });
    } catch (err) {
      await deps.storage.delete(path).catch((e: unknown) => log.mediaCleanupFailed(path, e));
      throw err;
    }
  };
