import { useEffect, useState } from 'react';
import { compareCodeUnits } from '@common/format';
import type { RadioSubmission } from '@common/radio/radio';
import type { Database } from '@/data/database';
import { loadDataLayer } from '@/data/lazy';
import { useSession } from '@/lib/session';
import { useRxValue } from './use-rx-value';

// The collection holds the user's own submissions, and every submission for admins.
const submissionsQuery = (db: Database) => db.radio_submissions.find().$;
const toSubmissions = (docs: Array<{ toMutableJSON: () => RadioSubmission }>) =>
  docs.map((d) => d.toMutableJSON()).sort((a, b) => compareCodeUnits(b.created_at, a.created_at));

/** Radio submissions in RxDB, newest first, live (another admin's change shows at once); undefined while loading. */
export function useRadioSubmissions(): RadioSubmission[] | undefined {
  const uid = useSession((s) => s.user?.uid ?? null);
  return useRxValue(uid, submissionsQuery, toSubmissions);
}

export type PullStatus = 'loading' | 'failed' | 'ready';

/**
 * The first pull of the signed-in user's radio submissions: loading, failed (the first attempt
 * errored; replication retries and a later success turns it ready) or ready.
 */
export function useRadioPullStatus(): PullStatus {
  const uid = useSession((s) => s.user?.uid ?? null);
  const [status, setStatus] = useState<{ uid: string | null; value: PullStatus }>({ uid, value: 'loading' });
  useEffect(() => {
    if (!uid) return;
    let live = true;
    const set = (value: PullStatus) => live && setStatus({ uid, value });
    void loadDataLayer().then(async (m) => {
      try {
        await m.awaitInitialPullOrError(uid, 'radio_submissions');
        set('ready');
      } catch (err) {
        console.warn('radio submissions pull failed', err);
        set('failed');
        await m.awaitInitialPull(uid, 'radio_submissions');
        set('ready');
      }
    });
    return () => {
      live = false;
    };
  }, [uid]);
  return status.uid === uid ? status.value : 'loading';
}
