import { useApiRead } from '@/hooks/use-api-read';
import * as endpoints from '@/lib/api/endpoints.gen';
import { call } from '@/lib/api/call';
import { radioPricingFrom, type RadioPricing } from './radio-pricing';

/**
 * Radio prices from app_config; the defaults until it answers or if it fails. `reload` reads
 * them again, as when the API refuses a price that changed since the page showed it.
 */
export function useRadioPricing(): RadioPricing & { reload: () => void } {
  const { data, reload } = useApiRead((signal) => call(endpoints.accounts.publicConfig, { signal }).then((r) => radioPricingFrom(r.data.pricing)), []);
  return { ...(data ?? radioPricingFrom(null)), reload };
}
