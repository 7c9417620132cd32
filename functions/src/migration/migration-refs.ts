import type { Firestore } from 'firebase-admin/firestore';
import { DEFAULT_MIGRATION_THRESHOLD } from '../../../common/constants';
import { DEFAULT_LOCK_DAYS, type MigrationAdminStatus, type MigrationRunState } from '../../../common/migration';
import { COL } from '../platform/collections';
import type { Deps } from '../platform/deps';

export const migrationConfigRef = (db: Firestore) => db.collection(COL.migrationConfig).doc('1');
export const logRef = (db: Firestore, userId: string, runId: string) => db.collection(COL.migrationLog).doc(`${userId}_${runId}`);

export type MigrationConfig = { user_threshold: number; migration_enabled: boolean; lock_days: number };

export function configFrom(data: Record<string, unknown> | undefined): MigrationConfig {
  return {
    user_threshold: typeof data?.user_threshold === 'number' ? data.user_threshold : DEFAULT_MIGRATION_THRESHOLD,
    migration_enabled: data?.migration_enabled === true,
    lock_days: typeof data?.lock_days === 'number' ? data.lock_days : DEFAULT_LOCK_DAYS,
  };
}

export type StoredRun = {
  state: MigrationRunState;
  forced: boolean;
  started_by: string;
  started_at: string;
  finished_at: string | null;
  locked_until: string;
};

/** The run in progress, if any (at most one: runs start in a transaction that checks). */
export async function runningRun(db: Firestore): Promise<{ id: string; run: StoredRun } | null> {
  const snap = await db.collection(COL.migrationRuns).where('state', '==', 'running').limit(1).get();
  const doc = snap.docs[0];
  return doc ? { id: doc.id, run: doc.data() as StoredRun } : null;
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
    db.collection(COL.migrationRuns).orderBy('started_at', 'desc').limit(1).get(),
  ]);
  const c = configFrom(config.data());
  const userCount = total.data().count;
  const run = latest.docs[0];
  const r = run?.data() as StoredRun | undefined;
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
