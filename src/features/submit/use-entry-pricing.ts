import { DEFAULT_PRICING } from '@common/constants';
import { useApiRead } from '@/hooks/use-api-read';
import * as endpoints from '@/lib/api/endpoints.gen';
import { call } from '@/lib/api/call';
import type { RoutePricing } from '@common/contest/contest';

const readPricing = (signal?: AbortSignal) => call(endpoints.accounts.publicConfig, { signal }).then((res): RoutePricing => res.data.pricing);

/**
 * Entry prices from app_config (GET /api/public/config); the defaults until it answers or if it
 * fails. `fresh()` asks again (an admin may have changed them since the page opened).
 */
export function useEntryPricing(): RoutePricing & { fresh: () => Promise<RoutePricing> } {
  const { data } = useApiRead(readPricing, []);
  return { ...(data ?? DEFAULT_PRICING), fresh: () => readPricing() };
}
