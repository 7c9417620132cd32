import type { RequestHandler } from 'express';
import { migrationSettingsInput } from '../../../common/migration/migration-schemas';
import { recordAudit } from '../platform/firestore/audit';
import { requireCaller } from '../platform/http/auth';
import type { Deps } from '../platform/deps';
import { parse } from '../platform/http/validate';
import { configFrom, migrationConfigRef } from './migration-refs';

/** POST /api/cms/migration/settings — super admins set the lock period of migrated tokens (migration_config/1 lock_days). */
export const saveMigrationSettings =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const caller = requireCaller(res);
    const { lock_days } = parse(migrationSettingsInput, req.body);
    const { db } = deps;
    await db.runTransaction(async (tx) => {
      const before = configFrom((await tx.get(migrationConfigRef(db))).data()).lock_days;
      if (before === lock_days) return;
      tx.set(migrationConfigRef(db), { lock_days }, { merge: true });
      recordAudit(db, tx, { action: 'config.update', actorId: caller.uid, before: { lock_days: before }, after: { lock_days } }, new Date(deps.now()).toISOString());
    });
    res.json({ lock_days });
  };
