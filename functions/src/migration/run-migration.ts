import type { RequestHandler } from 'express';
import { migrationRunInput } from '../../../common/migration/migration-schemas';
import { MIGRATION_MSG } from '../../../common/migration/migration-messages';
import { recordAudit } from '../platform/firestore/audit';
import { requireCaller } from '../platform/http/auth';
import { COL } from '../platform/firestore/collections';
import type { Deps } from '../platform/deps';
import { conflict, unavailable } from '../platform/http/errors';
import { parse } from '../platform/http/validate';
import { finishUser, freezeBatch, migratingUsers } from './migrate-users';
import { adminStatus, configFrom, migrationConfigRef, runningRun, runsCol, type StoredRun } from './migration-refs';

/** Batches one call processes; the panel calls again until the run is done (docs/migration.md). */
export const BATCHES_PER_CALL = 4;
/**
 * A call starts no transfer after this long and answers the progress (the panel calls again):
 * a deployed call ends at 120 s, one transfer can wait 60 s for its confirmation, and a call cut
 * off mid-transfer leaves that transfer held for 5 minutes, then for a check (claim.ts).
 */
export const RUN_CALL_BUDGET_MS = 45_000;
const DAY_MS = 86_400_000;

const hasWork = async (deps: Deps) =>
  !(await deps.db.collection(COL.profiles).where('migration_status', 'in', ['pre_migration', 'migrating']).limit(1).get()).empty;

/** Starts a run (threshold reached, or forced) in a transaction that makes sure no other is running. */
async function startRun(deps: Deps, uid: string, force: boolean): Promise<{ id: string; lockedUntil: string }> {
  const { db } = deps;
  const userCount = (await db.collection(COL.profiles).count().get()).data().count;
  const nowIso = new Date(deps.now()).toISOString();
  return db.runTransaction(async (tx) => {
    const [configSnap, running] = await Promise.all([tx.get(migrationConfigRef(db)), tx.get(runsCol(db).where('state', '==', 'running').limit(1))]);
    const existing = running.docs[0];
    if (existing) return { id: existing.id, lockedUntil: existing.data().locked_until };
    const config = configFrom(configSnap.data());
    if (!force && userCount < config.user_threshold) throw conflict(MIGRATION_MSG.thresholdNotReached(userCount, config.user_threshold));
    const ref = runsCol(db).doc();
    const lockedUntil = new Date(deps.now() + config.lock_days * DAY_MS).toISOString();
    const run: StoredRun = { state: 'running', forced: force, started_by: uid, started_at: nowIso, finished_at: null, locked_until: lockedUntil };
    tx.create(ref, run);
    recordAudit(db, tx, { action: 'migration.run', actorId: uid, before: { migration_enabled: config.migration_enabled }, after: { run_id: ref.id, state: 'running', forced: force, user_count: userCount, lock_days: config.lock_days } }, nowIso);
    return { id: ref.id, lockedUntil };
  });
}

/**
 * Ends the run: migration_enabled turns on, in one transaction with the audit entry. Not while a
 * user is left to migrate: a call that found no batch to freeze because another call had just
 * frozen it must not end the run under that call's transfers.
 */
async function finishRun(deps: Deps, uid: string, runId: string | null): Promise<void> {
  const { db } = deps;
  const nowIso = new Date(deps.now()).toISOString();
  await db.runTransaction(async (tx) => {
    const left = await tx.get(db.collection(COL.profiles).where('migration_status', 'in', ['pre_migration', 'migrating']).limit(1));
    if (!left.empty) return;
    const configSnap = await tx.get(migrationConfigRef(db));
    const runRef = runId ? db.collection(COL.migrationRuns).doc(runId) : null;
    const runSnap = runRef ? await tx.get(runRef) : null;
    const wasEnabled = configFrom(configSnap.data()).migration_enabled;
    const running = runSnap?.get('state') === 'running';
    if (wasEnabled && !running) return;
    if (runRef && running) tx.update(runRef, { state: 'done', finished_at: nowIso });
    tx.set(migrationConfigRef(db), { migration_enabled: true }, { merge: true });
    recordAudit(db, tx, { action: 'migration.run', actorId: uid, before: { migration_enabled: wasEnabled }, after: { run_id: runId, state: 'done', migration_enabled: true } }, nowIso);
  });
}

/**
 * POST /api/cms/migration/run — super admins. Starts a run (or continues the one in progress)
 * and processes up to BATCHES_PER_CALL batches (starting no transfer after RUN_CALL_BUDGET_MS),
 * then answers the status; the caller repeats until `run.state` is done. A 503 (a transfer
 * failed, under way, or unresolved) stops it until it is called again. Once every user is
 * migrated, migration_enabled turns on; a call with nothing left to migrate changes nothing.
 */
export const runMigration =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const caller = requireCaller(res);
    const { force = false } = parse(migrationRunInput, req.body ?? {});
    if (!deps.chain) throw unavailable(MIGRATION_MSG.noChain);
    const current = await runningRun(deps.db);
    if (!current && !(await hasWork(deps))) {
      await finishRun(deps, caller.uid, null);
      res.json(await adminStatus(deps));
      return;
    }
    const run = current ? { id: current.id, lockedUntil: current.run.locked_until } : await startRun(deps, caller.uid, force);
    const stopAt = deps.now() + RUN_CALL_BUDGET_MS;
    batches: for (let batch = 0; batch < BATCHES_PER_CALL; batch++) {
      let users = await migratingUsers(deps);
      if (!users.length) users = await freezeBatch(deps, run);
      if (!users.length) {
        await finishRun(deps, caller.uid, run.id);
        break;
      }
      for (const userId of users) {
        if (deps.now() >= stopAt) break batches;
        // Stops at a transfer that may have gone through, so that a chain failing that way
        // leaves one claim to check, not a batch of them.
        if ((await finishUser(deps, userId, run.id)) === 'unresolved') throw unavailable(MIGRATION_MSG.transferUnresolved);
      }
    }
    res.json(await adminStatus(deps));
  };
