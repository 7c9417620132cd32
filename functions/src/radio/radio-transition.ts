import type { Transaction } from 'firebase-admin/firestore';
import type { RadioSubmission } from '../../../common/radio/radio';
import { RADIO_MSG } from '../../../common/radio/radio-messages';
import { recordDocChange, type AuditAction } from '../platform/firestore/audit';
import type { Deps } from '../platform/deps';
import { notFound } from '../platform/http/errors';
import { changed, radioRef, storedOf, toSubmission, type StoredRadioSubmission } from './submission-doc';

/** A CMS change of a submission in the audit log: its title (the track's, or the ad's name) and the fields that changed; the submitter is the target. */
export function auditSubmission(
  deps: Deps,
  tx: Transaction,
  audit: { actorId: string; action: AuditAction },
  before: StoredRadioSubmission,
  patch: Partial<StoredRadioSubmission>,
): void {
  const title = before.track_title ?? null;
  recordDocChange(
    deps.db,
    tx,
    { ...audit, targetUserId: before.user_id ?? null, name: ['submission', title, title], before, after: { ...before, ...patch }, keys: Object.keys(patch) },
    new Date(deps.now()).toISOString(),
  );
}

/**
 * Changes a radio submission in one transaction: `change` sees the stored document and returns
 * the fields to set, or throws a typed error to refuse (nothing is written then). Unknown id: 404.
 * `then` adds writes to the same transaction (the submitter's mail), seeing the changed document.
 */
export async function changeSubmission(
  deps: Deps,
  id: string,
  change: (doc: StoredRadioSubmission) => Partial<StoredRadioSubmission>,
  then?: (tx: Transaction, doc: StoredRadioSubmission) => Promise<unknown>,
  audit?: { actorId: string; action: AuditAction },
): Promise<RadioSubmission> {
  const { db } = deps;
  const ref = radioRef(db, id);
  return db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists || snap.get('_deleted') === true) throw notFound(RADIO_MSG.submissionNotFound);
    const doc = storedOf(snap);
    const patch = change(doc);
    tx.update(ref, { ...patch, ...changed() });
    if (audit) auditSubmission(deps, tx, audit, doc, patch);
    const next = { ...doc, ...patch };
    if (then) await then(tx, next);
    return toSubmission(next);
  });
}

/** The submission as stored, or a 404. */
export async function loadSubmission(deps: Deps, id: string): Promise<StoredRadioSubmission> {
  const snap = await radioRef(deps.db, id).get();
  if (!snap.exists || snap.get('_deleted') === true) throw notFound(RADIO_MSG.submissionNotFound);
  return storedOf(snap);
}
