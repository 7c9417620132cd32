import { FieldValue, type DocumentReference, type DocumentSnapshot, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { ORDER_PUBLIC_FIELDS, orderDoc } from '../../../common/marketplace/order-doc';
import { DEFAULT_CASH_ORDER_EXPIRY_HOURS, ORDER_TRANSITIONS, type OrderAction } from '../../../common/marketplace/orders';
import type { Order } from '../../../common/marketplace/order-doc';
import { COL } from '../platform/firestore/collections';
import { notFound } from '../platform/http/errors';
import { converter, serverTime } from '../platform/firestore/typed-collection';
import { appConfigRef } from '../tokens/pricing';

/**
 * orders/{id} as stored: the public order plus who may see it and where the proof lives, the
 * server's change time, and the id of the last step applied (order-actions.ts).
 */
const storedOrder = z.object({
  ...orderDoc.shape,
  party_ids: z.tuple([z.string(), z.string()]),
  proof_path: z.string().nullable(),
  decided_at: z.string().nullable(),
  step_id: z.string().optional(),
  updatedAt: serverTime,
  _deleted: z.literal(false),
});
export type OrderDoc = z.infer<typeof storedOrder>;
const orderConverter = converter(storedOrder, COL.orders, { withId: true });

export { orderIdParams } from '../../../common/api/orders';

/** The orders collection, read through the stored order's schema. */
export const ordersCol = (db: Firestore) => db.collection(COL.orders).withConverter(orderConverter);
export const orderRef = (db: Firestore, id: string) => ordersCol(db).doc(id);

/** One key per (buyer, listing): an open cash order or a licence holds it, so neither repeats. */
export const purchaseKeyRef = (db: Firestore, buyerId: string, listingId: string) =>
  db.collection(COL.purchaseKeys).doc(`${buyerId}_${listingId}`);

export function toOrder(id: string, data: Record<string, unknown>): Order {
  const out: Record<string, unknown> = { id };
  for (const field of ORDER_PUBLIC_FIELDS) out[field] = data[field] ?? null;
  out.has_proof = data.has_proof === true;
  return out as Order;
}

/** The order's data when `uid` is its buyer or seller; a 404 for anyone else, so others' ids reveal nothing. */
export function ownOrder(data: OrderDoc | undefined, uid: string): OrderDoc {
  if (!data || (data.buyer_id !== uid && data.seller_id !== uid)) throw notFound('Order not found');
  return data;
}

/** An unpaid cash order whose deadline has passed (it becomes EXPIRED when next read). */
export function isDue(data: Pick<Order, 'status' | 'expires_at'>, now: number): boolean {
  return ORDER_TRANSITIONS.expire.from.includes(data.status) && data.expires_at !== null && Date.parse(data.expires_at) <= now;
}

/**
 * Moves an order along one of the spec's transitions inside the caller's transaction, and
 * releases the buyer's purchase key when the order ends without a licence. Callers check
 * who is acting; this checks the status.
 */
export function applyTransition(
  db: Firestore,
  tx: Transaction,
  snap: DocumentSnapshot<OrderDoc>,
  action: OrderAction,
  nowIso: string,
  extra: Record<string, unknown> = {},
  /** Leave the purchase key alone: the caller writes it in the same transaction. */
  keepKey = false,
): Order {
  const data = snap.data();
  if (!data) throw new Error(`Order ${snap.id} does not exist`);
  const rule = ORDER_TRANSITIONS[action];
  if (!rule.from.includes(data.status)) throw new Error(`Transition ${action} from ${data.status} is not allowed`);
  const patch: Record<string, unknown> = { ...extra, status: rule.to, updatedAt: FieldValue.serverTimestamp() };
  if (rule.to !== 'UNDER_REVIEW') patch.decided_at = nowIso;
  tx.update(snap.ref, patch);
  const keyRef = purchaseKeyRef(db, data.buyer_id, data.listing_id);
  if (keepKey) return toOrder(snap.id, { ...data, ...patch });
  if (rule.to === 'APPROVED') tx.set(keyRef, { order_id: snap.id, state: 'licensed', updatedAt: nowIso });
  if (rule.to === 'REJECTED' || rule.to === 'EXPIRED') tx.delete(keyRef);
  return toOrder(snap.id, { ...data, ...patch });
}

/** app_config/1 data.orders.cash_expiry_hours, else 24. */
export async function cashExpiryHours(db: Firestore, tx: Transaction): Promise<number> {
  const snap = await tx.get(appConfigRef(db));
  const hours: unknown = snap.get('data.orders.cash_expiry_hours');
  return typeof hours === 'number' && Number.isFinite(hours) && hours > 0 ? hours : DEFAULT_CASH_ORDER_EXPIRY_HOURS;
}

/** Marks a due order EXPIRED in its own transaction; the order as it now is, or null when it was not due. */
export async function expireIfDue(db: Firestore, ref: DocumentReference<OrderDoc>, now: number): Promise<Order | null> {
  return db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    const data = snap.data();
    if (!data || !isDue(data, now)) return null;
    return applyTransition(db, tx, snap, 'expire', new Date(now).toISOString());
  });
}

