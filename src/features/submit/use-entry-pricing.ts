import { DEFAULT_PRICING } from '@common/constants';
import { useApiRead } from '@/hooks/use-api-read';
import { api } from '@/lib/api';
import type { RoutePricing } from '@common/contest';

type ConfigResponse = { data: { pricing: RoutePricing } };

const readPricing = (signal?: AbortSignal) => api<ConfigResponse>('/public/config', { signal }).then((res) => res.data.pricing);

/**
 * Entry prices from app_config (GET /api/public/config); the defaults until it answers or if it
 * fails. `fresh()` asks again (an admin may have changed them since the page opened).
 */
export function useEntryPricing(): RoutePricing & { fresh: () => Promise<RoutePricing> } {
  const { data } = useApiRead(readPricing, []);
  return { ...(data ?? DEFAULT_PRICING), fresh: () => readPricing() };
}
