import { randomUUID } from 'node:crypto';
import type { DocumentReference, DocumentSnapshot } from 'firebase-admin/firestore';
import type { ClaimResult } from '../../../common/migration/migration';
import { InvalidWalletError, TransferNotMadeError, type ChainGateway } from '../platform/chain/chain';
import { COL } from '../platform/firestore/collections';
import { logEntryOf } from './migration-refs';
import type { Deps } from '../platform/deps';
import { log } from '../platform/log';

/** An attempt without an outcome for longer than this (a crash mid-transfer) counts as unresolved, not under way. */
export const CLAIM_IN_FLIGHT_MS = 5 * 60_000;

/**
 * Whether a pending entry is held by an attempt that may have sent it: marked unresolved, or
 * attempted longer than CLAIM_IN_FLIGHT_MS ago without an outcome (a crash). Never resent;
 * a super admin settles it (settle-claim.ts).
 */
export function claimUnresolved(entry: DocumentSnapshot, now: number): boolean {
  const last = logEntryOf(entry)?.claim_attempted_at;
  return entry.get('claim_pending') === true && !!last && (entry.get('claim_unresolved') === true || now - Date.parse(last) >= CLAIM_IN_FLIGHT_MS);
}

/** One attempt's hold on an entry: when it started (claim_attempted_at) and which it is (claim_attempt). */
type Attempt = { at: string; id: string };

const isAttempt = (snap: DocumentSnapshot, attempt: Attempt) => snap.get('claim_attempted_at') === attempt.at && snap.get('claim_attempt') === attempt.id;

/**
 * Takes `ref` for one transfer, in a transaction: only a pending entry no attempt holds. Else
 * the reason: `sent` (another attempt sent it), `busy` (one is under way), `unresolved` (one
 * may have sent it, or crashed: never resent). Taken: `{ attempt }`, the hold its outcome is
 * written under (recordOutcome). The hold is chosen before the transaction: when a commit's
 * answer is lost and the SDK runs it again, the entry already held by this attempt is taken.
 */
async function takeAttempt(deps: Deps, ref: DocumentReference): Promise<ClaimResult | { attempt: Attempt }> {
  const now = deps.now();
  const attempt: Attempt = { at: new Date(now).toISOString(), id: randomUUID() };
  return deps.db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (isAttempt(snap, attempt)) return { attempt };
    if (snap.get('claim_pending') !== true) return 'sent';
    if (claimUnresolved(snap, now)) return 'unresolved';
    if (snap.get('claim_attempted_at')) return 'busy';
    tx.update(ref, { claim_attempted_at: attempt.at, claim_attempt: attempt.id, claim_unresolved: false });
    return { attempt };
  });
}

/**
 * Writes an attempt's outcome only while the entry is still that attempt's (its hold): an
 * attempt that outlived CLAIM_IN_FLIGHT_MS, after a super admin settled or released the entry,
 * must not release, flag or close a newer attempt's entry. False when it was not written.
 */
async function recordOutcome(deps: Deps, ref: DocumentReference, attempt: Attempt, fields: Record<string, unknown>): Promise<boolean> {
  return deps.db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    // Already released or closed by this attempt: a commit whose answer was lost, run again by the SDK.
    const released = fields.claim_attempted_at === null && snap.get('claim_attempted_at') === null && snap.get('claim_attempt') === attempt.id;
    if (released) return true;
    if (!isAttempt(snap, attempt)) return false;
    if (snap.get('claim_pending') !== true) return fields.solana_tx_hash !== undefined && snap.get('solana_tx_hash') === fields.solana_tx_hash;
    tx.update(ref, fields);
    return true;
  });
}

/** The fields of an entry whose tokens reached `wallet` in the transaction `hash` (a claim, or a super admin's settling). */
export const sentFields = (hash: string, wallet: string | null, nowIso: string) => ({
  solana_tx_hash: hash,
  wallet_address: wallet,
  claim_pending: false,
  claim_unresolved: false,
  claimed_at: nowIso,
  transfer_error: null,
});

/** What becomes of an entry whose transfer rejected with `err`: released when no token moved, else held for good. */
function afterFailure(err: unknown): { result: ClaimResult; fields: Record<string, unknown> } {
  const transfer_error = err instanceof Error ? err.message.slice(0, 300) : 'Transfer failed';
  if (err instanceof InvalidWalletError) return { result: 'invalid_wallet', fields: { transfer_error, claim_attempted_at: null } };
  if (err instanceof TransferNotMadeError) return { result: 'failed', fields: { transfer_error, claim_attempted_at: null } };
  return { result: 'unresolved', fields: { transfer_error, claim_unresolved: true } };
}

/**
 * One pending entry sent to `wallet` and its hash recorded, or why not: the claims of a wallet
 * saved later, and the run's own transfers (migrate-users.ts). Throws only when the entry cannot
 * be taken (nothing sent then).
 */
export async function claimEntry(deps: Deps, chain: ChainGateway, userId: string, wallet: string, entry: DocumentSnapshot): Promise<ClaimResult> {
  const { ref } = entry;
  const taken = await takeAttempt(deps, ref);
  if (typeof taken === 'string') return taken;
  let hash: string;
  try {
    const owed = logEntryOf(entry);
    if (!owed) throw new Error(`Migration log entry ${entry.id} does not exist`);
    hash = await chain.transfer({ userId, wallet, amount: owed.snapshot_balance, runId: owed.run_id });
  } catch (err) {
    log.chainTransferFailed(userId, err);
    const { result, fields } = afterFailure(err);
    // Unwritten, the entry stays held (claim_attempted_at) and turns unresolved: never resent, which is the safe side.
    const written = await recordOutcome(deps, ref, taken.attempt, fields).catch((writeErr: unknown) => {
      log.claimFailed(userId, writeErr);
      return false;
    });
    return written ? result : 'unresolved';
  }
  const recorded = await recordOutcome(deps, ref, taken.attempt, sentFields(hash, wallet, new Date(deps.now()).toISOString())).catch((err: unknown) => {
    log.chainTransferUnrecorded(userId, hash, err);
    return null;
  });
  // Sent, not recorded (the database failed, or the entry is no longer this attempt's): it is
  // never resent by itself, and the hash is in the log for whoever settles it.
  if (recorded === false) log.chainTransferUnrecorded(userId, hash, new Error('the entry is no longer this attempt’s'));
  return recorded ? 'sent' : 'unresolved';
}

/** Of several entries' results, the one the caller hears: the first problem by this order, else sent. */
const WORST_FIRST: ClaimResult[] = ['failed', 'invalid_wallet', 'unresolved', 'busy'];

/**
 * A user whose snapshot is pending (the run has not sent it yet, or they had no wallet then)
 * claims their tokens once they have saved one:
 * each pending entry is taken for one attempt (`takeAttempt`), sent through the chain adapter,
 * and gets its hash. A transfer that may have gone through is never sent again (chain.ts,
 * TransferNotMadeError). Called when the wallet is saved and by `POST /api/migration/claim`;
 * never throws, so the saved wallet is answered whatever the chain or the database do.
 */
export async function claimPendingTokens(deps: Deps, userId: string, wallet: string): Promise<ClaimResult> {
  const { db, chain } = deps;
  try {
    const pending = await db.collection(COL.migrationLog).where('user_id', '==', userId).where('claim_pending', '==', true).get();
    if (pending.empty) return 'none';
    if (!chain) return 'failed';
    const results: ClaimResult[] = [];
    for (const entry of pending.docs) results.push(await claimEntry(deps, chain, userId, wallet, entry));
    return WORST_FIRST.find((r) => results.includes(r)) ?? 'sent';
  } catch (err) {
    log.claimFailed(userId, err);
    return 'failed';
  }
}
