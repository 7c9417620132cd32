import { useState } from 'react';
import { MIGRATION_MSG } from '@common/migration/migration-messages';
import type { SettleClaimInput } from '@common/migration/migration-schemas';
import { ApiError } from '@/lib/api/api';
import * as endpoints from '@/lib/api/endpoints.gen';
import { call } from '@/lib/api/call';
import { notifyError, notifySuccess } from '@/lib/notify';

/** POST /api/cms/migration/claims/:id/settle: what a super admin found on the chain. */
export const settleClaim = (id: string, input: SettleClaimInput) =>
  call(endpoints.migration.settle, { params: { id }, body: input });

/**
 * Settles a claim with its toast (a failure's says the server's reason): true when the dialog is
 * done (settled, or settled by someone else meanwhile), false when it can be tried again. Either
 * way `onDone` reads the list again.
 */
export function useSettleClaim(onDone: () => void) {
  const [busy, setBusy] = useState(false);
  const settle = async (id: string, input: SettleClaimInput): Promise<boolean> => {
    setBusy(true);
    try {
      await settleClaim(id, input);
      notifySuccess(input.outcome === 'sent' ? MIGRATION_MSG.claimMarkedSent : MIGRATION_MSG.claimReleased);
      return true;
    } catch (err) {
      notifyError(MIGRATION_MSG.claimSettleFailed, err);
      // Settled or gone meanwhile (409, 404): the dialog has nothing left to settle.
      return err instanceof ApiError && (err.status === 409 || err.status === 404);
    } finally {
      setBusy(false);
      onDone();
    }
  };
  return { busy, settle };
}
