import { Loader2, Receipt } from 'lucide-react';
import { useState } from 'react';
import type { Order } from '@common/marketplace/order-doc';
import { Card } from '@/components/ui/card';
import { Tab, TabList, TabPanel, Tabs } from '@/components/ui/tabs';
import { useProfile } from '@/hooks/use-account';
import { useSession } from '@/lib/session';
import { useFocusRescue } from '@/lib/use-focus-rescue';
import { CashTagForm } from './cash-tag-form';
import { splitOrders, type Side } from './order-display';
import { OrderRow } from './order-row';
import { useNow, useOrders } from '@/hooks/use-orders';

const trigger = 'px-4 text-sm';

/** /orders: My Purchases and My Sales, live from RxDB, with each side's actions. */
export function OrdersPage() {
  const uid = useSession((s) => s.user?.uid ?? null);
  const orders = useOrders(uid);
  const profile = useProfile();
  const now = useNow();
  const { purchases, sales } = splitOrders(orders ?? [], uid ?? '');
  // Approve, Reject or a proof uploaded changes the row's buttons: the focus stays in that row.
  const [root, setRoot] = useState<HTMLElement | null>(null);
  useFocusRescue(root, { keepRow: true });

  return (
    <section ref={setRoot} className="mx-auto max-w-4xl px-4 py-10">
      <header className="mb-6 flex items-center gap-3">
        <Receipt className="size-8 text-fuchsia-400" aria-hidden />
        <h1 className="text-3xl font-bold">My Orders</h1>
      </header>
      <Tabs defaultValue="purchases">
        <TabList look="pill" aria-label="Orders" className="mb-6 inline-flex">
          <Tab look="pill" value="purchases" className={trigger}>
            My Purchases
          </Tab>
          <Tab look="pill" value="sales" className={trigger}>
            My Sales
          </Tab>
        </TabList>
        <TabPanel value="purchases">
          <OrderList orders={orders === null ? null : purchases} side="buyer" now={now} empty="No purchases yet" />
        </TabPanel>
        <TabPanel value="sales" className="space-y-6">
          {profile !== undefined && <CashTagForm key={profile?.cash_app_tag ?? ''} initial={profile?.cash_app_tag ?? null} />}
          <OrderList orders={orders === null ? null : sales} side="seller" now={now} empty="No sales yet" />
        </TabPanel>
      </Tabs>
    </section>
  );
}

function OrderList({ orders, side, now, empty }: { orders: Order[] | null; side: Side; now: number; empty: string }) {
  if (orders === null)
    return (
      <div className="flex justify-center text-zinc-400" role="status">
        <Loader2 className="size-6 animate-spin" aria-hidden />
        <span className="sr-only">Loading...</span>
      </div>
    );
  if (orders.length === 0) return <Card as="p" className="p-6 text-center text-zinc-400">{empty}</Card>;
  return (
    <ul className="space-y-3">
      {orders.map((o) => (
        <OrderRow key={o.id} order={o} side={side} now={now} />
      ))}
    </ul>
  );
}
