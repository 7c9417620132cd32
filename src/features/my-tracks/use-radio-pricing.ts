import { useApiRead } from '@/hooks/use-api-read';
import { api } from '@/lib/api';
import { radioPricingFrom, type RadioPricing } from './radio-pricing';

/** Radio prices from app_config; the defaults until it answers or if it fails. */
export function useRadioPricing(): RadioPricing {
  const { data } = useApiRead((signal) => api<{ data: { pricing: unknown } }>('/public/config', { signal }).then((r) => radioPricingFrom(r.data.pricing)), []);
  return data ?? radioPricingFrom(null);
}
