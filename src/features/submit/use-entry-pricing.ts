import { DEFAULT_PRICING } from '@common/constants';
import { useApiRead } from '@/hooks/use-api-read';
import { api } from '@/lib/api';
import type { RoutePricing } from '@common/contest';

type ConfigResponse = { data: { pricing: RoutePricing } };

/** Entry prices from app_config (GET /api/public/config); the defaults until it answers or if it fails (`known` says which). */
export function useEntryPricing(): RoutePricing & { known: boolean } {
  const { data } = useApiRead((signal) => api<ConfigResponse>('/public/config', { signal }).then((res) => res.data.pricing), []);
  return { ...(data ?? DEFAULT_PRICING), known: data !== null };
}
