import { Clock } from 'lucide-react';
import type { Order } from '@common/marketplace/order-doc';
import { ORDER_MSG } from '@common/marketplace/orders';
import { Card } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { BuyerActions, SellerActions } from './order-actions';
import { amountLabel, displayStatus, methodLabel, orderActions, type Side } from './order-display';
import { OrderStatusBadge } from './order-status-badge';
import { coverVariantUrl } from '@common/contest/covers';

/** One order: the track, the other party, status, method and amount, Cash App details and actions. */
export function OrderRow({ order, side, now }: { order: Order; side: Side; now: number }) {
  const status = displayStatus(order, now);
  const can = orderActions(order, side, now);
  const counterparty = side === 'buyer' ? `Seller: @${order.seller_username}` : `Buyer: @${order.buyer_username}`;
  return (
    <Card as="li" data-testid="order-row" aria-label={`${order.title}, ${counterparty}`} className="flex flex-col gap-4 p-4 sm:flex-row">
      {order.cover_art_url ? (
        <img src={coverVariantUrl(order.cover_art_url, 80)} alt="" width={80} height={80} className="size-20 shrink-0 rounded-lg object-cover" loading="lazy" />
      ) : (
        <div className="size-20 shrink-0 rounded-lg bg-gradient-to-br from-fuchsia-900 to-violet-900" aria-hidden />
      )}
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap items-start gap-2">
          <div className="min-w-0 flex-1">
            <h2 className="truncate font-bold">{order.title}</h2>
            <p className="text-sm text-zinc-400">{order.artist_name}</p>
          </div>
          <OrderStatusBadge status={status} side={side} />
        </div>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-zinc-300">
          <span>{counterparty}</span>
          <span>{methodLabel(order)}</span>
          <span className="font-semibold">{amountLabel(order)}</span>
          <span className="text-zinc-400">{new Date(order.created_at).toLocaleDateString()}</span>
        </p>
        {order.method === 'CASH_APP' && (
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
            {order.cash_app_tag && (
              <span className="flex items-center gap-2">
                {side === 'buyer' && status === 'AWAITING_SELLER' ? `Send ${amountLabel(order)} to` : 'Cash App tag'}
                <span className="font-mono font-semibold text-emerald-300">{order.cash_app_tag}</span>
                <CopyButton text={order.cash_app_tag} label="Copy Cash App tag" copiedTitle={ORDER_MSG.copied} failedTitle="Failed to copy" />
              </span>
            )}
            {order.expires_at && (status === 'AWAITING_SELLER' || status === 'EXPIRED') && (
              <span className="flex items-center gap-1 text-zinc-400">
                <Clock className="size-4" aria-hidden /> {status === 'EXPIRED' ? 'Expired' : 'Expires'} {new Date(order.expires_at).toLocaleString()}
              </span>
            )}
          </div>
        )}
        {side === 'buyer' ? <BuyerActions order={order} can={can} /> : <SellerActions order={order} can={can} />}
      </div>
    </Card>
  );
}
