/** The replication contract between the API and the client's RxDB collections. */

/** Client collections the API replicates; each maps to one Firestore collection. */
export const SYNC_COLLECTIONS = ['profiles', 'user_roles', 'token_balances', 'daily_token_grants', 'votes', 'vote_sessions', 'marketplace_listings', 'orders', 'radio_submissions'] as const;
export type SyncCollectionName = (typeof SYNC_COLLECTIONS)[number];

/** The collection every visitor replicates, signed in or not (the others are one user's own). */
export const PUBLIC_COLLECTION = 'marketplace_listings' satisfies SyncCollectionName;

/** Position in a collection's change order: server commit time in microseconds, then id. */
export type Checkpoint = { id: string; updatedAt: number };

export type PullResponse<T> = { documents: T[]; checkpoint: Checkpoint | null };

/** One event on the multiplexed SSE stream. */
export type StreamEvent<T = Record<string, unknown>> =
  | { collection: SyncCollectionName; documents: T[]; checkpoint: Checkpoint }
  | { resync: true };

export const SYNC_PULL_MAX = 200;
