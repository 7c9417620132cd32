import type { RxCollection } from 'rxdb';
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import { Observable } from 'rxjs';
import type { Checkpoint, SyncCollectionName } from '@common/sync';
import * as endpoints from '@/lib/api/endpoints.gen';
import { call } from '@/lib/api/call';
import { sendWhenOnline } from '@/lib/when-online';
import { syncFailures } from './sync-errors';
import type { PullStreamItem, SyncStream } from './sync-stream';

type PushRow = { assumedMasterState?: Record<string, unknown> | null; newDocumentState: Record<string, unknown> };

export type ReplicationOptions = {
  collection: RxCollection;
  name: SyncCollectionName;
  /** Scopes the replication's stored checkpoint, e.g. to the signed-in user. */
  scope: string;
  /** Live changes and RESYNC of this collection (among others). */
  stream: SyncStream;
  /** Collections the client writes (offline) push their changes; the server returns conflicts. */
  push?: boolean;
  /** Besides the shared report (a toast once per failure streak). */
  onError?: (err: unknown) => void;
};

/**
 * RxDB replication over the API's HTTP protocol: pull by checkpoint, the SSE stream for
 * live changes (and RESYNC), and an idempotent push where the collection accepts writes.
 */
export function replicateOverHttp(opts: ReplicationOptions): RxReplicationState<Record<string, unknown>, Checkpoint> {
  const state = replicateRxCollection<Record<string, unknown>, Checkpoint>({
    collection: opts.collection as RxCollection<Record<string, unknown>>,
    replicationIdentifier: `http-${opts.name}-${opts.scope}`,
    live: true,
    retryTime: 5_000,
    waitForLeadership: false,
    pull: {
      batchSize: 100,
      stream$: new Observable<PullStreamItem>((subscriber) => opts.stream.listen(opts.name, (item) => subscriber.next(item))),
      handler: async (checkpoint, batchSize) => {
        const res = await call(endpoints.sync.pull, { params: { collection: opts.name }, query: { limit: batchSize, id: checkpoint?.id, updatedAt: checkpoint?.updatedAt } });
        syncFailures.succeeded();
        return { documents: res.documents, checkpoint: res.checkpoint ?? checkpoint ?? undefined };
      },
    },
    push: opts.push
      ? {
          batchSize: 20,
          handler: async (rows) => {
            // Offline, nothing is sent: the rows wait here, and go when the browser is back online
            // (tried again within 2 s if the network is not there yet; a push is idempotent).
            const conflicts = await sendWhenOnline(() => call(endpoints.sync.push, { params: { collection: opts.name }, body: rows as PushRow[] }));
            syncFailures.succeeded();
            return conflicts;
          },
        }
      : undefined,
  });
  state.error$.subscribe((err) => {
    syncFailures.failed(err);
    opts.onError?.(err);
  });
  return state;
}
