import { notifyError } from '@/lib/notify';

const SYNC_FAILED = 'Sync failed';
const SYNC_FAILED_BODY = 'Your data on this device is kept; it syncs again as soon as the server answers.';

/**
 * Reports failures once per streak: the first failure calls `report`, the next ones only
 * log, until a success ends the streak. Offline failures only log (the app shows offline itself).
 */
export function failureStreak(report: (err: unknown) => void, isOnline: () => boolean = () => navigator.onLine) {
  let failing = false;
  return {
    failed(err: unknown): void {
      console.warn('replication', err);
      if (failing || !isOnline()) return;
      failing = true;
      report(err);
    },
    succeeded(): void {
      failing = false;
    },
  };
}

/** All replications share one streak, so a server outage toasts once, not once per collection. */
export const syncFailures = failureStreak(() => notifyError(SYNC_FAILED, SYNC_FAILED_BODY));
