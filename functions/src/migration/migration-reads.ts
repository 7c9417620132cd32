import type { RequestHandler } from 'express';
import type { MyMigration } from '../../../common/migration';
import { requireCaller } from '../platform/auth';
import { COL } from '../platform/collections';
import type { Deps } from '../platform/deps';
import { claimUnresolved } from './claim';
import { adminStatus } from './migration-refs';

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
    const entry: MyMigration = doc
      ? {
          migrated_at: (doc.get('migrated_at') as string | null) ?? null,
          snapshot_balance: doc.get('snapshot_balance') as number,
          locked_until: (doc.get('locked_until') as string | null) ?? null,
          solana_tx_hash: (doc.get('solana_tx_hash') as string | null) ?? null,
          wallet_address: (doc.get('wallet_address') as string | null) ?? null,
          claim_pending: doc.get('claim_pending') === true,
          claim_unresolved: claimUnresolved(doc, deps.now()),
        }
      : null;
    res.json({ data: entry });
  };
