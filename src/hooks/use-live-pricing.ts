import type { TokenPricing } from '@common/cms/settings';
import { DEFAULT_PRICING } from '@common/constants';
import { useApiRead } from '@/hooks/use-api-read';
import * as endpoints from '@/lib/api/endpoints.gen';
import { call } from '@/lib/api/call';
import { useFirstPaintPassed } from '@/lib/first-paint';

export type LivePricing = Pick<TokenPricing, 'signup_grant' | 'daily_drip' | 'referral_reward' | 'vote_session_cost' | 'contest_entry_cost' | 'marketplace' | 'radio_upload_cost'>;

const readPricing = (signal: AbortSignal) => call(endpoints.accounts.publicConfig, { signal }).then((res): LivePricing => res.data.pricing);

/**
 * The prices in force (GET /api/public/config); the defaults until it answers or if it fails.
 * `afterFirstPaint`: asked once the page's first paint is done, for a page where the amounts are
 * a line of text that the defaults fill in meanwhile (the request stays out of the first load).
 */
export function useLivePricing({ afterFirstPaint = false }: { afterFirstPaint?: boolean } = {}): LivePricing {
  const painted = useFirstPaintPassed();
  const ask = !afterFirstPaint || painted;
  const { data } = useApiRead(ask ? readPricing : null, [ask]);
  return data ?? DEFAULT_PRICING;
}
