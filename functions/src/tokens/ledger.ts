import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import type { LedgerReason } from '../../../common/constants';
import { MSG } from '../../../common/messages';
import { COL } from '../platform/collections';
import { badRequest, insufficientTokens } from '../platform/errors';

export type LedgerEntry = {
  userId: string;
  delta: number;
  reason: LedgerReason;
  /** Why, in more detail: a coupon code, a referee, an admin's uid. */
  ref?: string;
  /** A person's words on the entry (an admin's reason for an adjustment); absent on older entries. */
  note?: string;
};

/** The balance as read inside a transaction; reads must precede writes in Firestore. */
export async function readBalance(db: Firestore, tx: Transaction, userId: string): Promise<number> {
  const snap = await tx.get(db.collection(COL.balances).doc(userId));
  return (snap.get('balance') as number | undefined) ?? 0;
}

/**
 * Writes one ledger entry and the new balance in the caller's transaction. The balance is
 * never written anywhere else, so balance == sum(ledger) holds for every user.
 * `currentBalance` must come from readBalance in the same transaction.
 */
export function writeLedgerEntry(
  db: Firestore,
  tx: Transaction,
  currentBalance: number,
  entry: LedgerEntry,
  nowIso: string,
): number {
  if (!Number.isInteger(entry.delta) || entry.delta === 0) throw badRequest('Token amount must be a non-zero integer');
  const balance = currentBalance + entry.delta;
  if (balance < 0) throw insufficientTokens(MSG.insufficientTokens, { detail: MSG.needTokens(-entry.delta, currentBalance) });
  tx.set(db.collection(COL.balances).doc(entry.userId), {
    user_id: entry.userId,
    balance,
    updatedAt: FieldValue.serverTimestamp(),
    _deleted: false,
  });
  tx.create(db.collection(COL.ledger).doc(), {
    user_id: entry.userId,
    delta: entry.delta,
    reason: entry.reason,
    ref: entry.ref ?? null,
    balance_after: balance,
    created_at: nowIso,
    ...(entry.note ? { note: entry.note } : {}),
  });
  return balance;
}

/** A one-time key (e.g. `referral:alice:bob`) read inside a transaction. */
export async function oneTimeKeyUsed(db: Firestore, tx: Transaction, key: string): Promise<boolean> {
  return (await tx.get(db.collection(COL.ledgerKeys).doc(key))).exists;
}

export function useOneTimeKey(db: Firestore, tx: Transaction, key: string, nowIso: string): void {
  tx.create(db.collection(COL.ledgerKeys).doc(key), { created_at: nowIso });
}
