import { createFileRoute } from '@tanstack/react-router';
import { ErrorScreen } from '@/components/error-screen';
import { OrdersPage } from '@/features/orders/orders-page';
import { requireSignedIn } from '@/lib/router-context';

export const Route = createFileRoute('/orders')({
  beforeLoad: requireSignedIn,
  component: OrdersPage,
  errorComponent: ErrorScreen,
});
