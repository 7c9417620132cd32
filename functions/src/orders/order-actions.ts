import { randomUUID } from 'node:crypto';
import type { DocumentSnapshot, Transaction } from 'firebase-admin/firestore';
import type { RequestHandler } from 'express';
import { ORDER_MSG, ORDER_TRANSITIONS, PROOF_FIELD, PROOF_MAX_BYTES, type OrderAction } from '../../../common/marketplace/orders';
import type { Order } from '../../../common/marketplace/order-doc';
import { requireCaller } from '../platform/http/auth';
import { consumeRateLimit } from '../platform/http/rate-limit';
import type { Deps } from '../platform/deps';
import { badRequest, conflict, forbidden } from '../platform/http/errors';
import { transactWithFiles, type StoredFiles } from '../platform/storage/files-transaction';
import { log } from '../platform/log';
import { cleanImage, type CleanImage } from '../platform/media/image';
import { MediaError, sniffImage } from '../platform/media/media';
import { readForm } from '../platform/http/multipart';
import { parse } from '../platform/http/validate';
import { mailOrderStep } from './order-mail';
import { applyTransition, expireIfDue, isDue, orderIdParams, orderRef, ownOrder, toOrder, type OrderDoc } from './order-doc';

const WHO_MAY: Record<'buyer' | 'seller', string> = { buyer: ORDER_MSG.onlyBuyerProof, seller: ORDER_MSG.onlySeller };

type UserAction = Exclude<OrderAction, 'expire'>;

/**
 * Whether `uid` may take `action` on the order `data`: it must be theirs, they must be the side
 * the action belongs to, and it must be in a status the action starts from. Throws the refusal;
 * true when the order is due to expire instead (an unpaid order past its deadline).
 */
function dueInstead(data: OrderDoc | undefined, uid: string, action: UserAction, now: number): boolean {
  const order = ownOrder(data, uid);
  const rule = ORDER_TRANSITIONS[action];
  const side = rule.by === 'system' ? null : rule.by;
  if (side && order[`${side}_id`] !== uid) throw forbidden(WHO_MAY[side]);
  if (isDue(order, now)) return true;
  if (!rule.from.includes(order.status)) throw conflict(ORDER_MSG.wrongStatus(order.status));
  return false;
}

/** The same checks as actOnOrder, outside a transaction, before work it would waste (actOnOrder checks again). */
async function precheck(deps: Deps, uid: string, orderId: string, action: UserAction): Promise<void> {
  const ref = orderRef(deps.db, orderId);
  const now = deps.now();
  if (!dueInstead((await ref.get()).data(), uid, action, now)) return;
  await expireIfDue(deps.db, ref, now);
  throw conflict(ORDER_MSG.expired);
}

/**
 * Applies `action` to an order for `uid`, in one transaction, if `dueInstead` allows it. An
 * unpaid order past its deadline becomes EXPIRED first, and the action is refused. The side
 * that acts next is mailed in the same transaction (order-mail.ts). `files`: stored for this
 * action (a proof), kept only if it is applied (platform/storage/files-transaction.ts). The step's id,
 * chosen before the transaction and stored with the change, lets a commit whose answer was lost
 * (firebase-admin runs the function again) answer the order it changed, not a 409.
 */
export async function actOnOrder(
  deps: Deps,
  uid: string,
  orderId: string,
  action: UserAction,
  extra: Record<string, unknown> = {},
  files?: StoredFiles,
): Promise<Order> {
  const { db } = deps;
  const now = deps.now();
  const nowIso = new Date(now).toISOString();
  const transact = <T>(fn: (tx: Transaction) => Promise<T>) => (files ? transactWithFiles(db, files, fn, (order) => order !== null) : db.runTransaction(fn));
  const step = randomUUID();
  const outcome = await transact(async (tx) => {
    const snap = await tx.get(orderRef(db, orderId));
    // This call's own change, already committed (the expiry it found instead counts as its answer too).
    const data = snap.data();
    if (data?.step_id === step) return data.status === 'EXPIRED' ? null : toOrder(snap.id, data);
    if (dueInstead(data, uid, action, now)) {
      applyTransition(db, tx, snap, 'expire', nowIso, { step_id: step });
      return null;
    }
    const order = applyTransition(db, tx, snap, action, nowIso, { ...extra, step_id: step });
    await mailOrderStep(deps, tx, ownOrder(data, uid), action);
    return order;
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

/** The proof form: the image, and optionally the order's id (which must match the URL's). */
const PROOF_FORM_LIMITS = { fields: 5, fieldSize: 1024, files: 1, parts: 8 };
const proofFields = (raw: Record<string, string>): { order_id?: string } => {
  const unexpected = Object.keys(raw).find((name) => name !== 'order_id');
  if (unexpected !== undefined) throw badRequest(`Unexpected field "${unexpected.slice(0, 100)}"`);
  return raw;
};

/** The proof as it is stored: re-encoded, so no EXIF, GPS or text chunk of the upload survives (platform/media/image.ts). */
async function cleanProof(ffmpegPath: string, data: Buffer): Promise<CleanImage> {
  const kind = sniffImage(data);
  if (!kind) throw badRequest(ORDER_MSG.proofNotImage);
  try {
    return await cleanImage(ffmpegPath, data, kind);
  } catch (err) {
    if (err instanceof MediaError) throw badRequest(ORDER_MSG.proofUnreadable);
    throw err;
  }
}

/**
 * POST /api/orders/:id/proof (multipart: image, optional order_id) — the buyer's payment
 * proof, an image checked by content (PNG, JPEG, WebP or GIF, at most 5 MB). Nothing is
 * stored unless the caller is the buyer of an order waiting for proof; what is stored is the
 * image re-encoded. Should the order change meanwhile and refuse it, the file is removed again.
 */
export const uploadProof =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const caller = requireCaller(res);
    const { id } = parse(orderIdParams, req.params);
    await consumeRateLimit(deps, 'upload', caller.uid);
    const upload = await readForm(req, {
      files: { [PROOF_FIELD]: { maxBytes: PROOF_MAX_BYTES, tooLarge: ORDER_MSG.proofTooLarge } },
      required: PROOF_FIELD,
      missing: ORDER_MSG.proofRequired,
      limits: PROOF_FORM_LIMITS,
      tooLarge: ORDER_MSG.proofTooLarge,
      fields: proofFields,
    });
    if (upload.fields.order_id !== undefined && upload.fields.order_id !== id) throw badRequest('order_id does not match the order');
    await precheck(deps, caller.uid, id, 'upload_proof');
    const image = await cleanProof(deps.ffmpegPath, upload.file.data);
    const path = `proofs/${id}/${randomUUID()}.${image.kind}`;
    await deps.storage.put(path, image.data, `image/${image.kind}`);
    const files = {
      probe: orderRef(deps.db, id),
      ours: (snap: DocumentSnapshot) => snap.get('proof_path') === path,
      remove: () => deps.storage.delete(path).catch((e: unknown) => log.mediaCleanupFailed(path, e)),
    };
    res.json({ order: await actOnOrder(deps, caller.uid, id, 'upload_proof', { proof_path: path, has_proof: true }, files) });
  };
