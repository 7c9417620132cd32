import type { SyncCollectionName } from '@common/sync';
import { useSession } from '@/lib/session';
import { within } from '@/lib/within';
import { pullOwnNow } from './account-feed';

type DataLayer = typeof import('./data-layer');

/**
 * The data layer (RxDB and Dexie) as a chunk loaded when a page first needs it, never for a
 * signed-in home page: from then on, it replicates the signed-in user's collections.
 */
let layer: Promise<DataLayer> | null = null;
export const loadDataLayer = () => (layer ??= import('./data-layer').then(followSession));

const uidOf = (session: ReturnType<typeof useSession.getState>) => session.user?.uid ?? null;

function followSession(m: DataLayer): DataLayer {
  void m.syncAccount(uidOf(useSession.getState()));
  useSession.subscribe((session, prev) => {
    if (uidOf(session) !== uidOf(prev)) void m.syncAccount(uidOf(session));
  });
  return m;
}

/** Longest wait for the pull after a write; the stream delivers the change later anyway. */
const AFTER_WRITE_WAIT_MS = 5_000;

/**
 * After an API write: names the user's collections it changed, so they are pulled now.
 * Resolves once they are in sync (at most a few seconds; RxDB's at once if it never loaded).
 */
export async function afterWrite(names: readonly SyncCollectionName[]): Promise<void> {
  const pulls = Promise.all([pullOwnNow(names), layer?.then((m) => m.pullNow(names))]).catch(() => undefined);
  await within(pulls, AFTER_WRITE_WAIT_MS, undefined);
}
