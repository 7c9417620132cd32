import { useState } from 'react';
import { MSG } from '@common/messages';
import { afterWrite } from '@/data/lazy';
import { useDailyGrant } from '@/hooks/use-account';
import * as endpoints from '@/lib/api/endpoints.gen';
import { call } from '@/lib/api/call';
import { notifyError, notifySuccess } from '@/lib/notify';

const todayUtc = () => new Date().toISOString().slice(0, 10);

/** The daily token: claimable once per UTC day; the server decides. */
export function useDailyClaim() {
  const grant = useDailyGrant();
  const [busy, setBusy] = useState(false);
  const [claimedToday, setClaimedToday] = useState(false);
  const alreadyClaimed = claimedToday || grant?.last_grant_date === todayUtc();
  const claim = async () => {
    setBusy(true);
    try {
      const res = await call(endpoints.tokens.claimDaily, { body: {} });
      setClaimedToday(true);
      if (res.granted) notifySuccess(MSG.dailyClaimed, MSG.dailyClaimedBody(res.tokens));
      else notifySuccess('Already claimed today', 'Come back tomorrow for another free token.');
      void afterWrite(['token_balances', 'daily_token_grants']);
    } catch (err) {
      notifyError('Daily token claim failed', err);
    } finally {
      setBusy(false);
    }
  };
  return { claim, busy, alreadyClaimed, neverClaimed: grant === null, loaded: grant !== undefined };
}
