import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { COL } from './collections';

/** What an audit entry records a change of. */
export type AuditAction =
  | 'config.update'
  | 'role.grant'
  | 'role.revoke'
  | 'tokens.adjust'
  | 'migration.run'
  | 'migration.claim'
  | 'mail.template'
  | 'mail.campaign'
  | 'track.approve'
  | 'track.reject'
  | 'track.edit'
  | 'track.delete';

export type AuditEntry = {
  action: AuditAction;
  /** Who made the change (uid). */
  actorId: string;
  /** The user the change is about, when it is about one. */
  targetUserId?: string | null;
  /** The state before and after, as small JSON values (the changed fields only). */
  before: unknown;
  after: unknown;
  /** A reason given by the actor (token adjustments). */
  reason?: string | null;
};

/**
 * Records one change in the caller's transaction, so the audit entry exists exactly when the
 * change commits. The log is server-only: it is not replicated, super admins read it through
 * the CMS API.
 */
export function recordAudit(db: Firestore, tx: Transaction, entry: AuditEntry, nowIso: string): void {
  tx.create(db.collection(COL.auditLog).doc(), {
    action: entry.action,
    actor_id: entry.actorId,
    target_user_id: entry.targetUserId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
    created_at: nowIso,
  });
}
