import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import type { LedgerReason } from '../../../common/constants';
import { MSG } from '../../../common/messages';
import { MIGRATION_MSG } from '../../../common/migration-messages';
import { COL } from '../platform/collections';
import { badRequest, conflict, insufficientTokens } from '../platform/errors';
import { addWeeklyEarning, EARNED_REASONS } from './weekly-earnings';

export type LedgerEntry = {
  userId: string;
  delta: number;
  reason: LedgerReason;
  /** Why, in more detail: a coupon code, a referee, an admin's uid. */
  ref?: string;
  /** A person's words on the entry (an admin's reason for an adjustment); absent on older entries. */
  note?: string;
};

/**
 * What readBalance saw of each balance document besides the amount, per transaction: whether it
 * exists and whether the token migration froze it (writeLedgerEntry refuses spends then and keeps
 * the flag). Every ledger write reads its balance through readBalance first, so this is complete.
 */
const seen = new WeakMap<Transaction, Map<string, { exists: boolean; frozen: boolean }>>();
const seenIn = (tx: Transaction) => seen.get(tx) ?? seen.set(tx, new Map()).get(tx)!;

/** The balance as read inside a transaction; reads must precede writes in Firestore. */
export async function readBalance(db: Firestore, tx: Transaction, userId: string): Promise<number> {
  const snap = await tx.get(db.collection(COL.balances).doc(userId));
  seenIn(tx).set(userId, { exists: snap.exists, frozen: snap.get('frozen') === true });
  return (snap.get('balance') as number | undefined) ?? 0;
}

/**
 * Writes one ledger entry and the new balance in the caller's transaction. The balance is
 * never written anywhere else, so balance == sum(ledger) holds for every user. A positive entry
 * (but a refund) also counts in the user's weekly earnings (the Weekly Earners board).
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
  const frozen = seenIn(tx).get(entry.userId)?.frozen ?? false;
  if (frozen && entry.delta < 0) throw conflict(MIGRATION_MSG.balanceFrozen);
  const balance = currentBalance + entry.delta;
  // A reversed card purchase takes its tokens back even into the negative; a credit to a negative balance still lands.
  if (balance < 0 && entry.delta < 0 && entry.reason !== 'purchase_reversed') throw insufficientTokens(MSG.insufficientTokens, { detail: MSG.needTokens(-entry.delta, currentBalance) });
  tx.set(db.collection(COL.balances).doc(entry.userId), {
    user_id: entry.userId,
    balance,
    ...(frozen ? { frozen } : {}),
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
  if (entry.delta > 0 && EARNED_REASONS.has(entry.reason)) addWeeklyEarning(db, tx, entry.userId, entry.delta, nowIso);
  return balance;
}

/**
 * Freezes (the token migration, while the user is migrating) or unfreezes a balance read with
 * readBalance in this transaction; the amount is not touched. A user without a balance document
 * has nothing to spend, so nothing is written for them.
 */
export function setBalanceFrozen(db: Firestore, tx: Transaction, userId: string, frozen: boolean): void {
  if (!seenIn(tx).get(userId)?.exists) return;
  tx.update(db.collection(COL.balances).doc(userId), { frozen, updatedAt: FieldValue.serverTimestamp() });
}

/**
 * Records the migration's snapshot of a balance in the ledger: an entry with delta 0 (so
 * balance == sum(ledger) keeps holding) whose balance_after is the snapshot. Not through
 * writeLedgerEntry, which refuses a zero delta for every real movement of tokens.
 */
export function writeLedgerSnapshot(db: Firestore, tx: Transaction, userId: string, balance: number, runId: string, nowIso: string): void {
  tx.create(db.collection(COL.ledger).doc(), {
    user_id: userId,
    delta: 0,
    reason: 'migration_snapshot' satisfies LedgerReason,
    ref: runId,
    balance_after: balance,
    created_at: nowIso,
  });
}

/** A one-time key (e.g. `referral:alice:bob`) read inside a transaction. */
export async function oneTimeKeyUsed(db: Firestore, tx: Transaction, key: string): Promise<boolean> {
  return (await tx.get(db.collection(COL.ledgerKeys).doc(key))).exists;
}

export function useOneTimeKey(db: Firestore, tx: Transaction, key: string, nowIso: string): void {
  tx.create(db.collection(COL.ledgerKeys).doc(key), { created_at: nowIso });
}
