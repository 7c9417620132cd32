import { useEffect, useState } from 'react';
import type { Order } from '@common/marketplace/order-doc';
import type { OrderStatus } from '@common/marketplace/orders';
import type { Database } from '@/data/database';
import { useRxValue } from '@/hooks/use-rx-value';

// The collection holds only this user's orders (replication sends the buyer's and the seller's).
const ordersQuery = (db: Database) => db.orders.find().$;
const toOrders = (docs: Array<{ toMutableJSON: () => Order }>) => docs.map((d) => d.toMutableJSON());

/** The signed-in user's orders (as buyer and as seller), live from RxDB; null while loading. */
export function useOrders(uid: string | null): Order[] | null {
  return useRxValue(uid, ordersQuery, toOrders) ?? null;
}

/** The status to show: an unpaid cash order past its deadline is expired (the server marks it too). */
export function displayStatus(order: Pick<Order, 'status' | 'expires_at'>, now: number): OrderStatus {
  const deadline = order.expires_at ? Date.parse(order.expires_at) : NaN;
  if (order.status === 'AWAITING_SELLER' && deadline < now) return 'EXPIRED';
  return order.status;
}

/** The current time, refreshed every `ms` (so deadlines that pass show as expired). */
export function useNow(ms = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(t);
  }, [ms]);
  return now;
}
