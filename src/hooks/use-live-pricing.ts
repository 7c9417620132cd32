import type { TokenPricing } from '@common/app-config';
import { DEFAULT_PRICING } from '@common/constants';
import { useApiRead } from '@/hooks/use-api-read';
import { api } from '@/lib/api';

export type LivePricing = Pick<TokenPricing, 'signup_grant' | 'daily_drip' | 'referral_reward' | 'vote_session_cost' | 'contest_entry_cost' | 'marketplace' | 'radio_upload_cost'>;

/** The prices in force (GET /api/public/config); the defaults until it answers or if it fails. */
export function useLivePricing(): LivePricing {
  const { data } = useApiRead((signal) => api<{ data: { pricing: LivePricing } }>('/public/config', { signal }).then((res) => res.data.pricing), []);
  return data ?? DEFAULT_PRICING;
}
