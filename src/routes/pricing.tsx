import { createFileRoute, Outlet, useChildMatches } from '@tanstack/react-router';
import { ErrorScreen } from '@/components/error-screen';
import { PricingPage } from '@/features/pricing/pricing-page';

export const Route = createFileRoute('/pricing')({ component: PricingRoute, errorComponent: ErrorScreen });

/** /pricing itself, or its child /pricing/success. */
function PricingRoute() {
  return useChildMatches().length > 0 ? <Outlet /> : <PricingPage />;
}
