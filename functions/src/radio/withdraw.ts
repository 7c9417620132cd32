import type { Transaction } from 'firebase-admin/firestore';
import { musicSubmissionId, type RadioStatus } from '../../../common/radio/radio';
import type { Deps } from '../platform/deps';
import { enqueueAccountMail } from '../accounts/account-mail';
import { readBalance, writeLedgerEntry } from '../tokens/ledger';
import { changed, radioRef, storedOf, type StoredRadioSubmission } from './submission-doc';

/** A submission in these states has not aired and can still be turned down. */
const NOT_AIRED: ReadonlySet<RadioStatus> = new Set(['pending', 'approved', 'uploaded', 'scheduled']);

/** The submission's name in the submitter's mail: the track's title, or the ad's name. */
export const mailTitle = (doc: StoredRadioSubmission) => doc.track_title || (doc.submission_type === 'advertisement' ? 'your advertisement' : 'your track');

/** The tokens a turned-down submission gives back to its payer (0 for a free one). */
const refundOf = (doc: StoredRadioSubmission): number => (doc.payment_status === 'paid' && doc.payment_amount > 0 ? doc.payment_amount : 0);

/**
 * The fields a turned-down submission gets: rejected, unpaid once refunded, no station request,
 * and an airing already on the station's schedule queued to come off it (air-scheduled.ts).
 */
export const turnedDown = (doc: StoredRadioSubmission): Partial<StoredRadioSubmission> => ({
  status: 'rejected',
  ...(refundOf(doc) > 0 ? { payment_status: 'unpaid' as const } : {}),
  station_requested_at: null,
  ...(doc.station_playlist_id ? { station_playlist_id: null, station_playlist_to_remove: doc.station_playlist_id } : {}),
});

/**
 * Turns a radio submission down in the caller's transaction: status rejected, the tokens it cost
 * back to the user who paid (a `radio_refund` ledger entry; payment unpaid), and a mail to the
 * submitter. Firestore wants every read before any write: this reads the payer's balance and
 * returns the writes, for the caller to run after its own reads.
 */
export async function prepareTurnDown(deps: Deps, tx: Transaction, doc: StoredRadioSubmission): Promise<() => Promise<void>> {
  const { db } = deps;
  const refund = refundOf(doc);
  const balance = refund > 0 ? await readBalance(db, tx, doc.user_id) : 0;
  return async () => {
    const nowIso = new Date(deps.now()).toISOString();
    tx.update(radioRef(db, doc.id), { ...turnedDown(doc), ...changed() });
    if (refund > 0) writeLedgerEntry(db, tx, balance, { userId: doc.user_id, delta: refund, reason: 'radio_refund', ref: doc.id }, nowIso);
    await enqueueAccountMail(db, tx, doc.user_id, 'radio_rejected', { title: mailTitle(doc), refund: refund > 0 ? `The ${refund} tokens it cost are back in your balance.` : '' }, deps.now());
  };
}

/**
 * The track `trackId` stopped being approved (rejected, set back to pending, or deleted): its
 * music submission, if it has not aired, is turned down and refunded in the same transaction
 * (spec §4: only approved tracks go to radio). Reads now; returns the writes, or null.
 */
export async function prepareRadioWithdrawal(deps: Deps, tx: Transaction, trackId: string): Promise<(() => Promise<void>) | null> {
  const snap = await tx.get(radioRef(deps.db, musicSubmissionId(trackId)));
  if (!snap.exists || snap.get('_deleted') === true) return null;
  const doc = storedOf(snap);
  return NOT_AIRED.has(doc.status) ? prepareTurnDown(deps, tx, doc) : null;
}
