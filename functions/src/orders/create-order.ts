import { FieldValue, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import type { RequestHandler } from 'express';
import { ORDER_MSG, type CreateOrderResponse, type OrderMethod } from '../../../common/marketplace/orders';
import { createOrderInput } from '../../../common/schemas';
import { requireCaller } from '../platform/http/auth';
import { consumeRateLimit } from '../platform/http/rate-limit';
import { profileOf } from '../platform/firestore/account-docs';
import { COL } from '../platform/firestore/collections';
import type { Deps } from '../platform/deps';
import { idempotencyKey, keyedResponseRef, priorResponse } from '../platform/http/idempotency';
import { badRequest, conflict, insufficientTokens, notFound, priceChanged } from '../platform/http/errors';
import { parse } from '../platform/http/validate';
import { MSG } from '../../../common/messages';
import { formatUsd, tokenCount } from '../../../common/format';
import { readBalance, writeLedgerEntry } from '../tokens/ledger';
import { isListable } from '../marketplace/listing-write';
import { tracksCol } from '../tracks/track-doc';
import { mailOrderCreated } from './order-mail';
import { applyTransition, cashExpiryHours, isDue, orderRef, purchaseKeyRef, toOrder, type OrderDoc } from './order-doc';

const HOUR_MS = 3_600_000;

/**
 * POST /api/orders { listing_id, method, price? } — buys a licence at the price the buyer saw (`price`: a
 * different price now is a 409, nothing charged). TOKENS is instant: in one
 * transaction the buyer's balance is checked and debited, the seller credited, the order
 * created APPROVED and the licence (the purchase key) granted. CASH_APP creates an order
 * AWAITING_SELLER with the seller's $cashtag, the amount and a deadline, and mails the buyer
 * how to pay (in the same transaction). With an
 * Idempotency-Key the first answer is replayed for repeats.
 */
export const createOrder =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const caller = requireCaller(res);
    const key = idempotencyKey(req);
    const input = parse(createOrderInput, req.body);
    await consumeRateLimit(deps, 'order_create', caller.uid);
    const { db } = deps;
    const keyRef = key ? keyedResponseRef(db, COL.orderKeys, caller.uid, key) : null;
    const created = await db.runTransaction(async (tx): Promise<CreateOrderResponse> => {
      const prior = keyRef ? priorResponse<CreateOrderResponse>(await tx.get(keyRef)) : null;
      if (prior) return prior;
      const response = await placeOrder(deps, tx, caller.uid, input.listing_id, input.method, input.price);
      if (keyRef) tx.create(keyRef, { response, created_at: response.order.created_at });
      return response;
    });
    res.status(201).json(created);
  };

/** Places an order in its own transaction (the demo seed; the route adds idempotency). */
export async function placeOrderNow(deps: Deps, buyerId: string, listingId: string, method: OrderMethod): Promise<CreateOrderResponse> {
  return deps.db.runTransaction((tx) => placeOrder(deps, tx, buyerId, listingId, method));
}

async function placeOrder(deps: Deps, tx: Transaction, buyerId: string, listingId: string, method: OrderMethod, shownPrice?: number): Promise<CreateOrderResponse> {
  const { db } = deps;
  const listingSnap = await tx.get(db.collection(COL.listings).doc(listingId));
  const listing = listingSnap.data();
  if (!listing || listing._deleted === true || listing.is_active !== true) throw badRequest(ORDER_MSG.listingInactive);
  const sellerId = String(listing.seller_id);
  if (sellerId === buyerId) throw badRequest(ORDER_MSG.ownListing);
  if (method === 'TOKENS' && listing.accept_tokens !== true) throw badRequest(ORDER_MSG.tokensNotAccepted);
  if (method === 'CASH_APP' && listing.accept_cash_app !== true) throw badRequest(ORDER_MSG.cashNotAccepted);
  if (shownPrice !== undefined) {
    const tokens = method === 'TOKENS';
    const current = Number(tokens ? listing.price_tokens : listing.price_usd);
    if (Math.abs(current - shownPrice) > (tokens ? 0 : 0.001)) throw priceChanged(ORDER_MSG.priceChanged(tokens ? tokenCount(current) : formatUsd(current)), current);
  }

  const keyRef = purchaseKeyRef(db, buyerId, listingId);
  const [keySnap, buyerProfile, sellerProfile, trackSnap] = await Promise.all([
    tx.get(keyRef),
    tx.get(db.collection(COL.profiles).doc(buyerId)),
    tx.get(db.collection(COL.profiles).doc(sellerId)),
    tx.get(tracksCol(db).doc(String(listing.track_id))),
  ]);
  // An account made straight through Firebase Auth's API has no profile: it buys nothing (and mails no seller).
  if (!buyerProfile.exists) throw notFound('Profile not found');
  // Off sale once its track is not an approved marketplace track (rejected, deleted), even before
  // the refresh after that change has set the listing inactive: nothing is sold that cannot be delivered.
  if (!isListable(trackSnap.data())) throw badRequest(ORDER_MSG.listingInactive);
  const now = deps.now();
  let stale: DocumentSnapshot<OrderDoc> | null = null;
  if (keySnap.exists) {
    if (keySnap.get('state') === 'licensed') throw conflict(ORDER_MSG.alreadyOwned);
    // An open cash order holds the key until it ends; one past its deadline ends now (expiry on read).
    const open = await tx.get(orderRef(db, String(keySnap.get('order_id'))));
    const openOrder = open.data();
    if (openOrder && !isDue(openOrder, now)) throw conflict(ORDER_MSG.openOrderExists);
    if (open.exists) stale = open;
  }

  const nowIso = new Date(now).toISOString();
  const ref = orderRef(db, db.collection(COL.orders).doc().id);
  const base = {
    id: ref.id,
    listing_id: listingId,
    track_id: String(listing.track_id),
    buyer_id: buyerId,
    seller_id: sellerId,
    party_ids: [buyerId, sellerId] as [string, string],
    method,
    has_proof: false,
    proof_path: null,
    created_at: nowIso,
    title: String(listing.title),
    artist_name: String(listing.artist_name),
    cover_art_url: (listing.cover_art_url as string | null) ?? null,
    listing_type: String(listing.listing_type),
    version_type: String(listing.version_type),
    buyer_username: String(buyerProfile.get('username') ?? ''),
    seller_username: String(sellerProfile.get('username') ?? ''),
    updatedAt: FieldValue.serverTimestamp(),
    _deleted: false as const,
  };

  if (method === 'TOKENS') {
    const price = Number(listing.price_tokens);
    const [buyerBalance, sellerBalance] = await Promise.all([readBalance(db, tx, buyerId), readBalance(db, tx, sellerId)]);
    if (buyerBalance < price) throw insufficientTokens(MSG.insufficientTokens, { detail: MSG.needTokens(price, buyerBalance) });
    if (stale) applyTransition(db, tx, stale, 'expire', nowIso, {}, true);
    if (price > 0) {
      writeLedgerEntry(db, tx, buyerBalance, { userId: buyerId, delta: -price, reason: 'marketplace_purchase', ref: ref.id }, nowIso);
      writeLedgerEntry(db, tx, sellerBalance, { userId: sellerId, delta: price, reason: 'marketplace_sale', ref: ref.id }, nowIso);
    }
    const doc: OrderDoc = {
      ...base,
      status: 'APPROVED',
      amount_tokens: price,
      amount_usd: null,
      cash_app_tag: null,
      expires_at: null,
      decided_at: nowIso,
    };
    tx.create(ref, doc);
    tx.set(keyRef, { order_id: ref.id, state: 'licensed', updatedAt: nowIso });
    return { order: toOrder(ref.id, doc) };
  }

  const tag = profileOf(sellerProfile)?.cash_app_tag;
  if (!tag) throw badRequest(ORDER_MSG.noCashTag);
  const hours = await cashExpiryHours(db, tx);
  if (stale) applyTransition(db, tx, stale, 'expire', nowIso, {}, true);
  const expiresAt = new Date(now + hours * HOUR_MS).toISOString();
  const amountUsd = Number(listing.price_usd);
  const doc: OrderDoc = {
    ...base,
    status: 'AWAITING_SELLER',
    amount_tokens: null,
    amount_usd: amountUsd,
    cash_app_tag: tag,
    expires_at: expiresAt,
    decided_at: null,
  };
  tx.create(ref, doc);
  tx.set(keyRef, { order_id: ref.id, state: 'open', updatedAt: nowIso });
  await mailOrderCreated(deps, tx, doc);
  return { order: toOrder(ref.id, doc), cash_app_tag: tag, amount_usd: amountUsd, expires_at: expiresAt };
}
