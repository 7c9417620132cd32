import type { RxReplicationState } from 'rxdb/plugins/replication';
import { Subject, type Observable } from 'rxjs';
import { PUBLIC_COLLECTION } from '@common/sync';
import { getDatabase } from './database';
import { replicateOverHttp } from './replication';
import { SyncStream } from './sync-stream';

export type PublicListingsSync = {
  /** Resolves once the first pull has finished (never while offline). */
  initialPull: Promise<void>;
  /** Replication failures (pull errors), for callers that show them. */
  errors$: Observable<unknown>;
};

let running: Promise<PublicListingsSync> | null = null;

/**
 * Replicates the public marketplace listings for any visitor, signed in or not, from the
 * first time the marketplace opens until the page closes: one stream of its own, so it
 * outlives sign-in and sign-out.
 */
export function syncPublicListings(): Promise<PublicListingsSync> {
  running ??= (async () => {
    const db = await getDatabase();
    const errors = new Subject<unknown>();
    const stream = new SyncStream([PUBLIC_COLLECTION]);
    const state = replicateOverHttp({
      collection: db[PUBLIC_COLLECTION],
      name: PUBLIC_COLLECTION,
      scope: 'public',
      stream,
      onError: (err) => errors.next(err),
    }) as RxReplicationState<unknown, unknown>;
    stream.start();
    return { initialPull: state.awaitInitialReplication(), errors$: errors.asObservable() };
  })();
  return running;
}
