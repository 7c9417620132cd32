import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import type { LedgerReason } from '../../../common/constants';
import { MSG } from '../../../common/messages';
import { MIGRATION_MSG } from '../../../common/migration/migration-messages';
import { balancesCol } from '../platform/firestore/account-docs';
import { COL } from '../platform/firestore/collections';
import { VERIFY_MSG } from '../../../common/messages';
import { badRequest, conflict, emailUnverified, insufficientTokens } from '../platform/http/errors';
import { addWeeklyEarning, EARNED_REASONS } from './weekly-earnings';

/** token_ledger/{id} as stored (writeLedgerEntry, writeLedgerSnapshot): the reason as written, older entries without a note. */
export const ledgerEntry = z.object({
  user_id: z.string(),
  delta: z.number(),
  reason: z.string(),
  ref: z.string().nullish(),
  note: z.string().optional(),
  balance_after: z.number().nullish(),
  created_at: z.string(),
});

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
 * exists, whether the token migration froze it (writeLedgerEntry refuses spends then and keeps
 * the flag), and whether the account's address is still unverified, with how many tokens bought
 * by card it may spend until it is (`cardUnspent`). Every ledger write reads its balance through
 * readBalance first, so this is complete.
 */
type BalanceState = { exists: boolean; frozen: boolean; unverified: boolean; cardUnspent: number };
const seen = new WeakMap<Transaction, Map<string, BalanceState>>();
const seenIn = (tx: Transaction) => seen.get(tx) ?? seen.set(tx, new Map()).get(tx)!;

/** The balance as read inside a transaction; reads must precede writes in Firestore. */
export async function readBalance(db: Firestore, tx: Transaction, userId: string): Promise<number> {
  const snap = await tx.get(balancesCol(db).doc(userId));
  const stored = snap.data();
  seenIn(tx).set(userId, {
    exists: snap.exists,
    frozen: stored?.frozen === true,
    unverified: stored?.unverified === true,
    cardUnspent: stored?.card_unspent ?? 0,
  });
  return stored?.balance ?? 0;
}

/**
 * Debits that are not the account spending: an admin taking tokens away, a card purchase taken
 * back. Every other debit (a licence, an entry, a paid session, radio, featuring, and any debit
 * added later) is a spend, refused while the account's address is unverified.
 */
const NOT_SPENDING: ReadonlySet<LedgerReason> = new Set(['admin_deduction', 'purchase_reversed']);

/**
 * What an unverified account may still spend after this entry (tokens bought by card spend at
 * once; grants, coupons and referral rewards wait for the verification), or a 403 for a spend
 * beyond it. Verified accounts carry no such state.
 */
function cardUnspentAfter(state: BalanceState, entry: LedgerEntry): number {
  const { cardUnspent } = state;
  if (entry.reason === 'token_purchase') return cardUnspent + entry.delta;
  if (entry.reason === 'purchase_reversed') return Math.max(0, cardUnspent + entry.delta);
  if (entry.delta > 0 || NOT_SPENDING.has(entry.reason)) return cardUnspent;
  if (cardUnspent + entry.delta < 0) throw emailUnverified(VERIFY_MSG.spendNeedsVerified, { detail: VERIFY_MSG.spendNeedsVerifiedDetail });
  return cardUnspent + entry.delta;
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
  const state = seenIn(tx).get(entry.userId);
  const frozen = state?.frozen ?? false;
  if (frozen && entry.delta < 0) throw conflict(MIGRATION_MSG.balanceFrozen);
  const balance = currentBalance + entry.delta;
  // A reversed card purchase takes its tokens back even into the negative; a credit to a negative balance still lands.
  if (balance < 0 && entry.delta < 0 && entry.reason !== 'purchase_reversed') throw insufficientTokens(MSG.insufficientTokens, { detail: MSG.needTokens(-entry.delta, currentBalance) });
  const unverified = state?.unverified ? { unverified: true, card_unspent: cardUnspentAfter(state, entry) } : {};
  tx.set(db.collection(COL.balances).doc(entry.userId), {
    user_id: entry.userId,
    balance,
    ...(frozen ? { frozen } : {}),
    ...unverified,
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
 * Holds a new account's spending until its address is verified (accounts/create-account.ts), in
 * the transaction that read its balance with readBalance: every ledger entry written after this
 * keeps the hold. When no entry follows (no signup grant), writeHeldBalance writes the balance
 * document with it. A balance document without the hold (accounts made before it existed,
 * Google accounts, verified ones) spends freely.
 */
export function holdSpendsUntilVerified(tx: Transaction, userId: string): void {
  const state = seenIn(tx).get(userId);
  if (!state) throw new Error('holdSpendsUntilVerified: read the balance with readBalance first');
  state.unverified = true;
}

/** The held balance document of a new account no ledger entry was written for in this transaction. */
export function writeHeldBalance(db: Firestore, tx: Transaction, userId: string, balance: number): void {
  tx.set(db.collection(COL.balances).doc(userId), {
    user_id: userId,
    balance,
    unverified: true,
    card_unspent: seenIn(tx).get(userId)?.cardUnspent ?? 0,
    updatedAt: FieldValue.serverTimestamp(),
    _deleted: false,
  });
}

/** Lifts the hold on spending once Firebase Auth vouches for the account's address (accounts/email-verified.ts). */
export async function releaseSpends(db: Firestore, userId: string): Promise<void> {
  const ref = db.collection(COL.balances).doc(userId);
  await db.runTransaction(async (tx) => {
    if ((await tx.get(ref)).get('unverified') !== true) return;
    // The next ledger entry's write drops both fields (it keeps the hold only while it is true).
    tx.update(ref, { unverified: false, card_unspent: 0, updatedAt: FieldValue.serverTimestamp() });
  });
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
