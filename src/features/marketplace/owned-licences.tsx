import { useEffect } from 'react';
import type { Order } from '@common/marketplace/order-doc';
import { useOrders } from '@/hooks/use-orders';

/** The listings whose licence `uid` holds: those of their approved orders as buyer. */
export function ownedListingIds(orders: readonly Order[], uid: string): Set<string> {
  return new Set(orders.filter((o) => o.buyer_id === uid && o.status === 'APPROVED').map((o) => o.listing_id));
}

/**
 * Tells the marketplace which listings the signed-in user bought, from their synced orders, as
 * they change (a purchase in the dialog, or on another device); renders nothing. Its own chunk:
 * the orders' database is not part of the page's first load.
 */
export function OwnedLicences({ uid, onChange }: { uid: string; onChange: (ids: ReadonlySet<string>) => void }) {
  const orders = useOrders(uid);
  const key = orders ? [...ownedListingIds(orders, uid)].sort().join(',') : null;
  useEffect(() => {
    if (key !== null) onChange(new Set(key === '' ? [] : key.split(',')));
  }, [key, onChange]);
  return null;
}
