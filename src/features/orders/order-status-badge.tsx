import type { OrderStatus } from '@common/marketplace/orders';
import { Badge } from '@/components/ui/badge';
import { statusLabel, type Side } from './order-display';

const STYLE: Record<OrderStatus, string> = {
  PENDING: 'bg-zinc-700/60 text-zinc-200',
  AWAITING_SELLER: 'bg-amber-500/20 text-amber-200',
  UNDER_REVIEW: 'bg-sky-500/20 text-sky-200',
  APPROVED: 'bg-emerald-500/20 text-emerald-200',
  REJECTED: 'bg-red-500/20 text-red-200',
  EXPIRED: 'bg-zinc-700/60 text-zinc-400',
};

export function OrderStatusBadge({ status, side }: { status: OrderStatus; side: Side }) {
  return (
    <Badge data-testid="order-status" className={STYLE[status]}>
      {statusLabel(status, side)}
    </Badge>
  );
}
