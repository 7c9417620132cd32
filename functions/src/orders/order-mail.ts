import type { Transaction } from 'firebase-admin/firestore';
import type { OrderAction } from '../../../common/marketplace/orders';
import { formatUsd } from '../../../common/format';
import { enqueueAccountMail, formatMailTime } from '../accounts/account-mail';
import type { Deps } from '../platform/deps';
import { licenceName } from './certificate-input';
import type { OrderDoc } from './order-doc';

/**
 * The mail of a Cash App order, to the side that must act next, written in the transaction that
 * moves the order (so one mail per change that committed): created → the buyer (how to pay),
 * proof uploaded → the seller (approve or reject), approved or rejected → the buyer. Token
 * purchases complete at once and send nothing. The order carries what the mail says (title,
 * usernames, amount, tag, deadline), as they were when it was placed.
 */
const ordersUrl = (deps: Deps) => `${deps.env.appUrl}/orders`;
const title = (order: OrderDoc) => order.title || 'your track';
const price = (order: OrderDoc) => (order.amount_usd === null ? `${order.amount_tokens ?? 0} tokens` : formatUsd(order.amount_usd));

/** A new AWAITING_SELLER cash order: the buyer is told where to pay, how much and by when. */
export function mailOrderCreated(deps: Deps, tx: Transaction, order: OrderDoc): Promise<string> {
  return enqueueAccountMail(
    deps.db,
    tx,
    order.buyer_id,
    'order_created',
    {
      track_title: title(order),
      license: licenceName(order),
      price: price(order),
      cash_tag: order.cash_app_tag ?? '',
      expires_at: order.expires_at ? formatMailTime(order.expires_at) : '',
      order_url: ordersUrl(deps),
    },
    deps.now(),
  );
}

/** The mail after `action` moved `order` (its data before the move); nothing for expiry. */
export async function mailOrderStep(deps: Deps, tx: Transaction, order: OrderDoc, action: OrderAction): Promise<void> {
  const { db } = deps;
  const now = deps.now();
  const common = { track_title: title(order), order_url: ordersUrl(deps) };
  const seller = order.seller_username || 'The seller';
  if (action === 'upload_proof')
    await enqueueAccountMail(db, tx, order.seller_id, 'order_proof', { ...common, buyer: order.buyer_username || 'The buyer', price: price(order) }, now);
  if (action === 'approve') await enqueueAccountMail(db, tx, order.buyer_id, 'order_approved', { ...common, seller }, now);
  if (action === 'reject') await enqueueAccountMail(db, tx, order.buyer_id, 'order_rejected', { ...common, seller }, now);
}
