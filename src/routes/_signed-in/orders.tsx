import { createFileRoute } from '@tanstack/react-router';
import { OrdersPage } from '@/features/orders/orders-page';

export const Route = createFileRoute('/_signed-in/orders')({
  component: OrdersPage,
});
