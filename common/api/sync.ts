import { z } from 'zod';
import { docId } from '../schemas';
import { SYNC_COLLECTIONS, SYNC_PULL_MAX, type Checkpoint, type PullResponse } from '../sync';
import { endpoint, json, jsonBody, other } from './contract';

const PUSH_MAX_ROWS = 50;

export const collectionParams = z.object({ collection: z.enum(SYNC_COLLECTIONS) });

export const pullQuery = z.strictObject({
  id: docId.optional(),
  updatedAt: z.coerce.number().int().nonnegative().optional(),
  limit: z.coerce.number().int().min(1).max(SYNC_PULL_MAX).default(100),
});

export const streamQuery = z.strictObject({
  collections: z
    .string()
    .max(500)
    // Each collection once: a repeated name would open another listener for the same changes.
    .transform((s) => [...new Set(s.split(',').filter(Boolean))])
    .pipe(z.array(z.enum(SYNC_COLLECTIONS)).min(1)),
});

/** RxDB's push rows: what the client believes the server has, and what it wants. */
export const pushRows = z
  .array(
    z.strictObject({
      assumedMasterState: z.record(z.string(), z.unknown()).nullable().optional(),
      newDocumentState: z.record(z.string(), z.unknown()),
    }),
  )
  .max(PUSH_MAX_ROWS);

type Doc = Record<string, unknown> & { _deleted: boolean };

/**
 * A replicated document as sync sends it (functions/src/sync/registry.ts toClientDoc): its id,
 * change time (ms) and deletion flag, then the collection's public fields (each collection's
 * schema in common/ says which).
 */
const syncDoc = z.looseObject({ id: z.string(), updatedAt: z.number(), _deleted: z.boolean() }).meta({ title: 'SyncDocument' });
const checkpoint = z.strictObject({ id: z.string(), updatedAt: z.number() }).meta({ title: 'Checkpoint' }) satisfies z.ZodType<Checkpoint>;
const pullResponse: z.ZodType<PullResponse<Doc>> = z.strictObject({ documents: z.array(syncDoc), checkpoint: checkpoint.nullable() }).meta({ title: 'PullResponse' });
const pushConflicts: z.ZodType<Doc[]> = z.array(syncDoc).meta({ title: 'PushConflicts' });

/** RxDB replication (functions/src/sync/router.ts). */
export const sync = {
  stream: endpoint({
    method: 'GET',
    path: '/api/sync/stream',
    access: 'public',
    summary: "Server-Sent Events of the caller's changes in the named collections (RESYNC first)",
    query: streamQuery,
    response: other('stream', 200, 'text/event-stream'),
  }),
  pull: endpoint({
    method: 'GET',
    path: '/api/sync/:collection/pull',
    access: 'public',
    summary: "The caller's documents of a collection after a checkpoint",
    params: collectionParams,
    query: pullQuery,
    response: json(pullResponse),
  }),
  push: endpoint({
    method: 'POST',
    path: '/api/sync/:collection/push',
    access: 'user',
    summary: 'Applies client writes; answers the conflicts (the server documents that differ)',
    params: collectionParams,
    body: jsonBody(pushRows),
    response: json(pushConflicts),
  }),
} as const;
