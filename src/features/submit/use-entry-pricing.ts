import { useEffect, useState } from 'react';
import { DEFAULT_PRICING } from '@common/constants';
import { api } from '@/lib/api';
import type { RoutePricing } from '@common/contest';

type ConfigResponse = { data: { pricing: RoutePricing } };

/** Entry prices from app_config (GET /api/public/config); the defaults until it answers or if it fails. */
export function useEntryPricing(): RoutePricing {
  const [pricing, setPricing] = useState<RoutePricing>(DEFAULT_PRICING);
  useEffect(() => {
    const abort = new AbortController();
    api<ConfigResponse>('/public/config', { signal: abort.signal })
      .then((res) => setPricing(res.data.pricing))
      .catch((err: unknown) => {
        if (!abort.signal.aborted) console.warn('GET /public/config failed', err);
      });
    return () => abort.abort();
  }, []);
  return pricing;
}
