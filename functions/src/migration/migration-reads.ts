import type { RequestHandler } from 'express';
import type { MyMigration } from '../../../common/migration/migration';
import { requireCaller } from '../platform/http/auth';
import { COL } from '../platform/firestore/collections';
import type { Deps } from '../platform/deps';
import { claimUnresolved } from './claim';
import { adminStatus, logEntryOf } from './migration-refs';

/** GET /api/cms/migration — super admins: threshold, users per status, lock period, the latest run. */
export const migrationAdminStatus =
  (deps: Deps): RequestHandler =>
  async (_req, res) => {
    res.json(await adminStatus(deps));
  };

/** GET /api/migration/me — the caller's latest migration_log entry (by migrated_at, descending), or null. */
export const myMigration =
  (deps: Deps): RequestHandler =>
  async (_req, res) => {
    const caller = requireCaller(res);
    const snap = await deps.db.collection(COL.migrationLog).where('user_id', '==', caller.uid).orderBy('migrated_at', 'desc').limit(1).get();
    const doc = snap.docs[0];
    const stored = logEntryOf(doc);
    const entry: MyMigration | null = doc && stored
      ? {
          migrated_at: stored.migrated_at ?? null,
          snapshot_balance: stored.snapshot_balance,
          locked_until: stored.locked_until ?? null,
          solana_tx_hash: stored.solana_tx_hash ?? null,
          wallet_address: stored.wallet_address ?? null,
          claim_pending: stored.claim_pending === true,
          claim_unresolved: claimUnresolved(doc, deps.now()),
        }
      : null;
    res.json({ data: entry });
  };
