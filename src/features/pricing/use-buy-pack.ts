import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { MSG } from '@common/messages';
import { PATHS } from '@common/paths';
import { PRICING_MSG } from '@common/marketplace/pricing-messages';
import { isOffline } from '@/lib/api/api';
import * as endpoints from '@/lib/api/endpoints.gen';
import { call } from '@/lib/api/call';
import { notifyError } from '@/lib/notify';
import { useSession } from '@/lib/session';

/** Buy: signed out -> /auth; else the server creates a checkout for the pack and the browser goes there. */
export function useBuyPack(): { buy: (packageId: string) => Promise<void>; pending: string | null } {
  const user = useSession((s) => s.user);
  const navigate = useNavigate();
  const [pending, setPending] = useState<string | null>(null);

  async function buy(packageId: string): Promise<void> {
    if (!user) {
      notifyError(MSG.signInToPurchase);
      // Back to the packs once signed in.
      await navigate({ to: PATHS.auth, search: { next: PATHS.pricing } });
      return;
    }
    setPending(packageId);
    try {
      const { url } = await call(endpoints.payments.checkout, { body: { packageId } });
      if (!url) {
        notifyError(PRICING_MSG.noCheckoutUrl);
        setPending(null);
        return;
      }
      window.location.assign(url);
    } catch (err) {
      // Offline, the reason is the connection ("You are offline…"), not a case for support.
      notifyError(PRICING_MSG.paymentFailed, isOffline(err) ? err.message : PRICING_MSG.paymentFailedBody);
      setPending(null);
    }
  }

  return { buy, pending };
}
