import * as Tabs from '@radix-ui/react-tabs';
import { Loader2, Receipt } from 'lucide-react';
import type { Order } from '@common/orders';
import { Card } from '@/components/ui/card';
import { useProfile } from '@/hooks/use-account';
import { useSession } from '@/lib/session';
import { CashTagForm } from './cash-tag-form';
import { splitOrders, type Side } from './order-display';
import { OrderRow } from './order-row';
import { useNow, useOrders } from './use-orders';

const trigger =
  'rounded-lg px-4 py-2 text-sm font-medium text-zinc-400 transition hover:text-zinc-100 data-[state=active]:bg-gradient-to-r data-[state=active]:from-fuchsia-600 data-[state=active]:to-violet-600 data-[state=active]:text-white';

/** /orders: My Purchases and My Sales, live from RxDB, with each side's actions. */
export function OrdersPage() {
  const uid = useSession((s) => s.user?.uid ?? null);
  const orders = useOrders(uid);
  const profile = useProfile();
  const now = useNow();
  const { purchases, sales } = splitOrders(orders ?? [], uid ?? '');

  return (
    <section className="mx-auto max-w-4xl px-4 py-10">
      <header className="mb-6 flex items-center gap-3">
        <Receipt className="size-8 text-fuchsia-400" aria-hidden />
        <h1 className="text-3xl font-bold">My Orders</h1>
      </header>
      <Tabs.Root defaultValue="purchases">
        <Tabs.List aria-label="Orders" className="mb-6 inline-flex gap-1 rounded-xl bg-zinc-900 p-1">
          <Tabs.Trigger value="purchases" className={trigger}>
            My Purchases
          </Tabs.Trigger>
          <Tabs.Trigger value="sales" className={trigger}>
            My Sales
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="purchases">
          <OrderList orders={orders === null ? null : purchases} side="buyer" now={now} empty="No purchases yet" />
        </Tabs.Content>
        <Tabs.Content value="sales" className="space-y-6">
          {profile !== undefined && <CashTagForm key={profile?.cash_app_tag ?? ''} initial={profile?.cash_app_tag ?? null} />}
          <OrderList orders={orders === null ? null : sales} side="seller" now={now} empty="No sales yet" />
        </Tabs.Content>
      </Tabs.Root>
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
