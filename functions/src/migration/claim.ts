import type { DocumentReference, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import type { ClaimResult } from '../../../common/migration';
import { COL } from '../platform/collections';
import type { Deps } from '../platform/deps';
import { log } from '../platform/log';

/**
 * How long an attempt holds a pending entry: no second transfer starts meanwhile (Solana
 * confirms within 60 s), and a failing chain is tried at most this often per entry.
 */
export const CLAIM_RETRY_MS = 5 * 60_000;

/** Takes `ref` for one transfer, in a transaction: still pending, and not tried within CLAIM_RETRY_MS. */
async function takeAttempt(deps: Deps, ref: DocumentReference): Promise<boolean> {
  const now = deps.now();
  return deps.db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (snap.get('claim_pending') !== true) return false;
    const last = snap.get('claim_attempted_at') as string | null | undefined;
    if (last && now - Date.parse(last) < CLAIM_RETRY_MS) return false;
    tx.update(ref, { claim_attempted_at: new Date(now).toISOString() });
    return true;
  });
}

/** One pending entry sent to `wallet` and its hash recorded. */
async function claimEntry(deps: Deps, chain: NonNullable<Deps['chain']>, userId: string, wallet: string, entry: QueryDocumentSnapshot): Promise<ClaimResult> {
  const { ref } = entry;
  // Not taken: still pending means another attempt holds it; no longer pending, that one sent it.
  if (!(await takeAttempt(deps, ref))) return (await ref.get()).get('claim_pending') === true ? 'busy' : 'sent';
  let hash: string;
  try {
    hash = await chain.transfer({ userId, wallet, amount: entry.get('snapshot_balance') as number, runId: entry.get('run_id') as string });
  } catch (err) {
    log.chainTransferFailed(userId, err);
    await ref.update({ transfer_error: err instanceof Error ? err.message.slice(0, 300) : 'Transfer failed' }).catch(() => undefined);
    return 'failed';
  }
  try {
    await ref.update({ solana_tx_hash: hash, wallet_address: wallet, claim_pending: false, claimed_at: new Date(deps.now()).toISOString(), transfer_error: null });
  } catch (err) {
    // Sent, not recorded: the entry stays pending, and a retry after CLAIM_RETRY_MS sends again (docs/migration.md).
    log.chainTransferUnrecorded(userId, hash, err);
    return 'failed';
  }
  return 'sent';
}

/**
 * A migrated user snapshotted without a wallet claims their tokens once they have saved one:
 * each pending entry is taken for one attempt (`takeAttempt`), sent through the chain adapter,
 * and gets its hash. Called when the wallet is saved and by `POST /api/migration/claim`; never
 * throws, so the saved wallet is answered whatever the chain or the database do.
 */
export async function claimPendingTokens(deps: Deps, userId: string, wallet: string): Promise<ClaimResult> {
  const { db, chain } = deps;
  try {
    const pending = await db.collection(COL.migrationLog).where('user_id', '==', userId).where('claim_pending', '==', true).get();
    if (pending.empty) return 'none';
    if (!chain) return 'failed';
    const results: ClaimResult[] = [];
    for (const entry of pending.docs) results.push(await claimEntry(deps, chain, userId, wallet, entry));
    return results.includes('failed') ? 'failed' : results.includes('busy') ? 'busy' : 'sent';
  } catch (err) {
    log.claimFailed(userId, err);
    return 'failed';
  }
}
