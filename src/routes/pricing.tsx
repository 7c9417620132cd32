import { createFileRoute, Outlet, useChildMatches } from '@tanstack/react-router';
import { PricingPage } from '@/features/pricing/pricing-page';

type PricingSearch = { checkout?: 'cancelled' };

/** ?checkout=cancelled (back from a cancelled checkout); anything else is dropped. */
function search(raw: Record<string, unknown>): PricingSearch {
  // The key even when refused (undefined): the router lays this over the raw search.
  return { checkout: raw.checkout === 'cancelled' ? 'cancelled' : undefined };
}

export const Route = createFileRoute('/pricing')({ validateSearch: search, component: PricingRoute });

/** /pricing itself, or its child /pricing/success. */
function PricingRoute() {
  const { checkout } = Route.useSearch();
  return useChildMatches().length > 0 ? <Outlet /> : <PricingPage cancelled={checkout === 'cancelled'} />;
}
