import { useState } from 'react';
import type { MarketplaceListing } from '@common/marketplace/listing-doc';
import type { OrderMethod } from '@common/marketplace/orders';
import { ORDER_MSG } from '@common/marketplace/orders';
import { formatUsd } from '@common/format';
import { afterWrite } from '@/data/lazy';
import { notifyError, notifySuccess } from '@/lib/notify';
import { isUnverifiedSpend } from '@/lib/resend-verification';
import { createOrder } from './create-order';
import { purchaseFailure } from './purchase-errors';

type CashPayment = { tag: string; amountUsd: number; expiresAt: string | null };
export type PurchaseResult = { kind: 'tokens' } | ({ kind: 'cash' } & CashPayment);

/** Buys a listing with tokens or opens a Cash App order; toasts the outcome. */
export function usePurchase(listing: MarketplaceListing, balance: number) {
  const [pending, setPending] = useState<OrderMethod | null>(null);
  const [result, setResult] = useState<PurchaseResult | null>(null);
  /** The API refused the spend until the address is verified: the dialog says so (VerifyToSpend). */
  const [needsVerify, setNeedsVerify] = useState(false);

  async function buy(method: OrderMethod): Promise<void> {
    setPending(method);
    try {
      const res = await createOrder(listing.id, method, method === 'TOKENS' ? listing.price_tokens : listing.price_usd);
      void afterWrite(['orders', 'token_balances']);
      if (method === 'TOKENS') {
        notifySuccess(ORDER_MSG.purchaseSuccessful, `${listing.title} is yours. Find your licence in My Orders.`);
        setResult({ kind: 'tokens' });
      } else {
        const payment: CashPayment = {
          tag: res.cash_app_tag ?? res.order.cash_app_tag ?? '',
          amountUsd: res.amount_usd ?? res.order.amount_usd ?? listing.price_usd,
          expiresAt: res.expires_at ?? res.order.expires_at,
        };
        notifySuccess(ORDER_MSG.orderCreated, `Send ${formatUsd(payment.amountUsd)} to ${payment.tag} to complete your order.`);
        setResult({ kind: 'cash', ...payment });
      }
    } catch (err) {
      if (isUnverifiedSpend(err)) return setNeedsVerify(true);
      const { title, description } = purchaseFailure(err, method, { price: listing.price_tokens, balance });
      notifyError(title, description);
    } finally {
      setPending(null);
    }
  }

  return { buy, pending, result, needsVerify };
}
