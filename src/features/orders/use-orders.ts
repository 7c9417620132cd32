import { useEffect, useState } from 'react';
import type { Order } from '@common/orders';
import { loadDataLayer } from '@/data/lazy';

/** The signed-in user's orders (as buyer and as seller), live from RxDB; null while loading. */
export function useOrders(uid: string | null): Order[] | null {
  const [orders, setOrders] = useState<{ uid: string; list: Order[] } | null>(null);
  useEffect(() => {
    if (!uid) return;
    let cancelled = false;
    let unsubscribe = () => {};
    void loadDataLayer()
      .then((m) => m.getDatabase())
      .then((db) => {
        if (cancelled) return;
        // The collection holds only this user's orders (replication sends buyer's and seller's).
        const sub = db.orders.find().$.subscribe((docs) => setOrders({ uid, list: docs.map((d) => d.toMutableJSON() as Order) }));
        unsubscribe = () => sub.unsubscribe();
      });
    return () => {
      cancelled = true;
      unsubscribe();
    };
  }, [uid]);
  return orders && orders.uid === uid ? orders.list : null;
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
