import type { RxReplicationState } from 'rxdb/plugins/replication';
import type { SyncCollectionName } from '@common/sync';
import { getDatabase } from './database';
import { replicateOverHttp } from './replication';
import { SyncStream } from './sync-stream';

/** The signed-in user's own documents, replicated live. */
const ACCOUNT_COLLECTIONS: readonly SyncCollectionName[] = ['profiles', 'user_roles', 'token_balances', 'daily_token_grants'];

type Running = { uid: string; stream: SyncStream; states: RxReplicationState<unknown, unknown>[] };
let running: Running | null = null;
let queue: Promise<void> = Promise.resolve();

/** Starts (or stops, for null) the account replications; calls are applied in order. */
export function syncAccount(uid: string | null, onError: (err: unknown) => void): Promise<void> {
  queue = queue.then(async () => {
    if (running?.uid === uid) return;
    if (running) {
      running.stream.stop();
      await Promise.all(running.states.map((s) => s.cancel()));
      running = null;
    }
    if (!uid) return;
    const db = await getDatabase();
    const stream = new SyncStream(ACCOUNT_COLLECTIONS);
    const states = ACCOUNT_COLLECTIONS.map((name) =>
      replicateOverHttp({ collection: db[name], name, scope: uid, stream$: stream.stream$(name), onError }),
    );
    stream.start();
    running = { uid, stream, states: states as RxReplicationState<unknown, unknown>[] };
  });
  return queue;
}

/** Pulls now (after an API call changed the user's documents) instead of waiting for the stream. */
export function resyncAccount(): void {
  running?.states.forEach((s) => s.reSync());
}
