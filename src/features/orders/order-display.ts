import { compareCodeUnits, formatUsd, tokenCount } from '@common/format';
import type { OrderStatus } from '@common/marketplace/orders';
import type { Order } from '@common/marketplace/order-doc';
import { ORDER_MSG, ORDER_TRANSITIONS, PROOF_MAX_BYTES } from '@common/marketplace/orders';
import { displayStatus } from '@/hooks/use-orders';

export type Side = 'buyer' | 'seller';

export const STATUS_LABEL: Record<OrderStatus, string> = {
  PENDING: 'Pending',
  AWAITING_SELLER: 'Awaiting seller',
  UNDER_REVIEW: 'Under review',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  EXPIRED: 'Expired',
};

/**
 * A status as each side reads it. A new Cash App order (AWAITING_SELLER) waits for the buyer's
 * payment: the buyer is told to pay, the seller that the payment has not come (they may still
 * approve it once it has, spec section 4).
 */
export function statusLabel(status: OrderStatus, side: Side): string {
  if (status === 'AWAITING_SELLER') return side === 'buyer' ? 'Awaiting your payment' : 'Awaiting payment';
  return STATUS_LABEL[status];
}

export { displayStatus };

export const methodLabel = (order: Pick<Order, 'method'>) => (order.method === 'TOKENS' ? 'Tokens' : 'Cash App');

export function amountLabel(order: Pick<Order, 'method' | 'amount_tokens' | 'amount_usd'>): string {
  if (order.method === 'TOKENS') return tokenCount(order.amount_tokens ?? 0);
  return formatUsd(order.amount_usd ?? 0);
}

export type OrderActions = { uploadProof: boolean; approve: boolean; reject: boolean; viewProof: boolean; download: boolean };

/** What `side` may do with the order now (ORDER_TRANSITIONS, with expiry applied). */
export function orderActions(order: Pick<Order, 'status' | 'expires_at' | 'method' | 'has_proof'>, side: Side, now: number): OrderActions {
  const status = displayStatus(order, now);
  const may = (action: 'upload_proof' | 'approve' | 'reject') => {
    const t = ORDER_TRANSITIONS[action];
    return t.by === side && t.from.includes(status);
  };
  return {
    uploadProof: order.method === 'CASH_APP' && may('upload_proof'),
    approve: may('approve'),
    reject: may('reject'),
    // Both sides: the buyer may check which image went in (a second upload is refused while it is reviewed).
    viewProof: order.has_proof,
    download: side === 'buyer' && status === 'APPROVED',
  };
}

const newestFirst = (a: Pick<Order, 'created_at'>, b: Pick<Order, 'created_at'>) => compareCodeUnits(b.created_at, a.created_at);

/** The user's purchases and sales, newest first. */
export function splitOrders<T extends Pick<Order, 'buyer_id' | 'seller_id' | 'created_at'>>(orders: readonly T[], uid: string) {
  return {
    purchases: orders.filter((o) => o.buyer_id === uid).sort(newestFirst),
    sales: orders.filter((o) => o.seller_id === uid).sort(newestFirst),
  };
}

/** Why a chosen proof file is refused before upload (the server checks the content too), or null. */
export function proofProblem(file: { size: number; type: string }): string | null {
  if (file.size > PROOF_MAX_BYTES) return ORDER_MSG.proofTooLarge;
  if (file.type && !file.type.startsWith('image/')) return ORDER_MSG.proofNotImage;
  return null;
}
