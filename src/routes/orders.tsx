import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/features/coming-soon/coming-soon';
import { requireSignedIn } from '@/lib/router-context';

export const Route = createFileRoute('/orders')({
  beforeLoad: requireSignedIn,
  component: () => <ComingSoon title="My Orders">Your purchases and sales will be listed here.</ComingSoon>,
});
