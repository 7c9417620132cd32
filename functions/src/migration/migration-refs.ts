import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { DEFAULT_MIGRATION_THRESHOLD } from '../../../common/constants';
import { DEFAULT_LOCK_DAYS, MIGRATION_RUN_STATES, type MigrationAdminStatus } from '../../../common/migration/migration';
import { COL } from '../platform/firestore/collections';
import type { Deps } from '../platform/deps';
import { converter, parseStored } from '../platform/firestore/typed-collection';

export const migrationConfigRef = (db: Firestore) => db.collection(COL.migrationConfig).doc('1');
export const logRef = (db: Firestore, userId: string, runId: string) => db.collection(COL.migrationLog).doc(`${userId}_${runId}`);

/**
 * migration_log/{uid}_{runId} as stored: the run's snapshot of the user (migrate-users.ts), then
 * its outcome and any claim of it (claim.ts); fields come as each step writes them.
 */
const storedLogEntry = z.object({
  user_id: z.string(),
  run_id: z.string(),
  snapshot_balance: z.number(),
  locked_until: z.string().nullish(),
  wallet_address: z.string().nullish(),
  solana_tx_hash: z.string().nullish(),
  migrated_at: z.string().nullish(),
  claim_pending: z.boolean().optional(),
  claim_unresolved: z.boolean().optional(),
  claim_attempted_at: z.string().nullish(),
  claim_attempt: z.string().nullish(),
});
export type LogEntry = z.infer<typeof storedLogEntry>;
/** The migration log entry of a snapshot; undefined when there is none. */
export const logEntryOf = (snap: DocumentSnapshot | undefined): LogEntry | undefined =>
  snap?.exists ? parseStored(storedLogEntry, COL.migrationLog, snap.id, snap.data()) : undefined;

export type MigrationConfig = { user_threshold: number; migration_enabled: boolean; lock_days: number };

export function configFrom(data: Record<string, unknown> | undefined): MigrationConfig {
  return {
    user_threshold: typeof data?.user_threshold === 'number' ? data.user_threshold : DEFAULT_MIGRATION_THRESHOLD,
    migration_enabled: data?.migration_enabled === true,
    lock_days: typeof data?.lock_days === 'number' ? data.lock_days : DEFAULT_LOCK_DAYS,
  };
}

/** migration_runs/{id} as stored. */
const storedRun = z.object({
  state: z.enum(MIGRATION_RUN_STATES),
  forced: z.boolean(),
  started_by: z.string(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  locked_until: z.string(),
});
export type StoredRun = z.infer<typeof storedRun>;
/** The migration_runs collection, read through the stored run's schema. */
export const runsCol = (db: Firestore) => db.collection(COL.migrationRuns).withConverter(converter(storedRun, COL.migrationRuns));

/** The run in progress, if any (at most one: runs start in a transaction that checks). */
export async function runningRun(db: Firestore): Promise<{ id: string; run: StoredRun } | null> {
  const snap = await runsCol(db).where('state', '==', 'running').limit(1).get();
  const doc = snap.docs[0];
  return doc ? { id: doc.id, run: doc.data() } : null;
}

const countStatus = async (db: Firestore, status: string) =>
  (await db.collection(COL.profiles).where('migration_status', '==', status).count().get()).data().count;

/** What the CMS panel shows: the threshold, users per status, the lock period and the latest run. */
export async function adminStatus(deps: Deps): Promise<MigrationAdminStatus> {
  const { db } = deps;
  const [config, total, migrated, migrating, latest] = await Promise.all([
    migrationConfigRef(db).get(),
    db.collection(COL.profiles).count().get(),
    countStatus(db, 'migrated'),
    countStatus(db, 'migrating'),
    runsCol(db).orderBy('started_at', 'desc').limit(1).get(),
  ]);
  const c = configFrom(config.data());
  const userCount = total.data().count;
  const run = latest.docs[0];
  const r = run?.data();
  return {
    user_count: userCount,
    user_threshold: c.user_threshold,
    threshold_reached: userCount >= c.user_threshold,
    migration_enabled: c.migration_enabled,
    lock_days: c.lock_days,
    migrated,
    migrating,
    pending: Math.max(0, userCount - migrated - migrating),
    run: run && r ? { id: run.id, state: r.state, forced: r.forced, started_at: r.started_at, finished_at: r.finished_at } : null,
    chain: deps.chain?.name ?? null,
  };
}
