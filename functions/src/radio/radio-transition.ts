import type { Transaction } from 'firebase-admin/firestore';
import type { RadioSubmission } from '../../../common/radio';
import { RADIO_MSG } from '../../../common/radio-messages';
import type { Deps } from '../platform/deps';
import { notFound } from '../platform/errors';
import { changed, radioRef, storedOf, toSubmission, type StoredRadioSubmission } from './submission-doc';

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
): Promise<RadioSubmission> {
  const { db } = deps;
  const ref = radioRef(db, id);
  return db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists || snap.get('_deleted') === true) throw notFound(RADIO_MSG.submissionNotFound);
    const doc = storedOf(snap);
    const patch = change(doc);
    tx.update(ref, { ...patch, ...changed() });
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
