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
  | 'track.delete'
  | 'listing.create'
  | 'listing.edit'
  | 'listing.delete'
  | 'radio.approve'
  | 'radio.reject'
  | 'radio.upload'
  | 'radio.schedule';

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

/** Fields a document's audit entry leaves out: sync stamps and sampling keys. */
const UNAUDITED = new Set(['rand', 'updatedAt', 'changedAt', '_deleted']);
const AUDIT_TEXT_MAX = 120;
const auditable = (v: unknown): unknown => (typeof v === 'string' && v.length > AUDIT_TEXT_MAX ? `${v.slice(0, AUDIT_TEXT_MAX)}…` : (v ?? null));

export type DocChange = {
  action: AuditAction;
  actorId: string;
  /** The user the document belongs to (a track's or submission's owner, a listing's seller). */
  targetUserId: string | null;
  /** What names the document in the log ('track', 'listing', 'submission') and its name before and after (a rename shows). */
  name: [key: string, before: string | null, after: string | null];
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** The fields to compare; for a creation or deletion, the fields to record as they are. */
  keys: readonly string[];
};

/**
 * A moderator's change of one document as an audit entry: its name on both sides, and each of
 * `keys` whose value changed, before and after (long texts cut short). Created: `before` is null;
 * deleted: `after` is null.
 */
export function recordDocChange(db: Firestore, tx: Transaction, change: DocChange, nowIso: string): void {
  const [nameKey, nameBefore, nameAfter] = change.name;
  const was: Record<string, unknown> | null = change.before ? { [nameKey]: nameBefore } : null;
  const now: Record<string, unknown> | null = change.after ? { [nameKey]: nameAfter } : null;
  for (const key of change.keys) {
    if (UNAUDITED.has(key) || key === nameKey) continue;
    const [b, a] = [change.before?.[key], change.after?.[key]];
    if (was && now && JSON.stringify(b ?? null) === JSON.stringify(a ?? null)) continue;
    if (was) was[key] = auditable(b);
    if (now) now[key] = auditable(a);
  }
  recordAudit(db, tx, { action: change.action, actorId: change.actorId, targetUserId: change.targetUserId, before: was, after: now }, nowIso);
}
