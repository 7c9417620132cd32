import type { DocumentReference, DocumentSnapshot, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import type { ClaimResult } from '../../../common/migration';
import { InvalidWalletError, TransferNotMadeError, type ChainGateway } from '../platform/chain';
import { COL } from '../platform/collections';
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
  const last = entry.get('claim_attempted_at') as string | null | undefined;
  return entry.get('claim_pending') === true && !!last && (entry.get('claim_unresolved') === true || now - Date.parse(last) >= CLAIM_IN_FLIGHT_MS);
}

/**
 * Takes `ref` for one transfer, in a transaction: only a pending entry no attempt holds. Else
 * the reason: `sent` (another attempt sent it), `busy` (one is under way), `unresolved` (one
 * may have sent it, or crashed: never resent).
 */
async function takeAttempt(deps: Deps, ref: DocumentReference): Promise<ClaimResult | null> {
  const now = deps.now();
  return deps.db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (snap.get('claim_pending') !== true) return 'sent';
    if (claimUnresolved(snap, now)) return 'unresolved';
    if (snap.get('claim_attempted_at')) return 'busy';
    // A fresh attempt starts unflagged: a flag written late by an older attempt, after a super
    // admin released the entry, would mark this one unresolved while it is under way.
    tx.update(ref, { claim_attempted_at: new Date(now).toISOString(), claim_unresolved: false });
    return null;
  });
}

/** What becomes of an entry whose transfer rejected with `err`: released when no token moved, else held for good. */
function afterFailure(err: unknown): { result: ClaimResult; fields: Record<string, unknown> } {
  const transfer_error = err instanceof Error ? err.message.slice(0, 300) : 'Transfer failed';
  if (err instanceof InvalidWalletError) return { result: 'invalid_wallet', fields: { transfer_error, claim_attempted_at: null } };
  if (err instanceof TransferNotMadeError) return { result: 'failed', fields: { transfer_error, claim_attempted_at: null } };
  return { result: 'unresolved', fields: { transfer_error, claim_unresolved: true } };
}

/** One pending entry sent to `wallet` and its hash recorded. */
async function claimEntry(deps: Deps, chain: ChainGateway, userId: string, wallet: string, entry: QueryDocumentSnapshot): Promise<ClaimResult> {
  const { ref } = entry;
  const refused = await takeAttempt(deps, ref);
  if (refused) return refused;
  let hash: string;
  try {
    hash = await chain.transfer({ userId, wallet, amount: entry.get('snapshot_balance') as number, runId: entry.get('run_id') as string });
  } catch (err) {
    log.chainTransferFailed(userId, err);
    const { result, fields } = afterFailure(err);
    // Unwritten, the entry stays held (claim_attempted_at) and turns unresolved: never resent, which is the safe side.
    await ref.update(fields).catch((writeErr: unknown) => log.claimFailed(userId, writeErr));
    return result;
  }
  try {
    await ref.update({
      solana_tx_hash: hash,
      wallet_address: wallet,
      claim_pending: false,
      claimed_at: new Date(deps.now()).toISOString(),
      transfer_error: null,
    });
  } catch (err) {
    // Sent, not recorded: the entry stays held, so it is never resent; the hash is in the log for whoever reconciles it.
    log.chainTransferUnrecorded(userId, hash, err);
    return 'unresolved';
  }
  return 'sent';
}

/** Of several entries' results, the one the caller hears: the first problem by this order, else sent. */
const WORST_FIRST: ClaimResult[] = ['failed', 'invalid_wallet', 'unresolved', 'busy'];

/**
 * A migrated user snapshotted without a wallet claims their tokens once they have saved one:
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
