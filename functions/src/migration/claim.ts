import { COL } from '../platform/collections';
import type { Deps } from '../platform/deps';
import { log } from '../platform/log';

export type ClaimResult = 'none' | 'sent' | 'failed';

/**
 * A migrated user snapshotted without a wallet claims their tokens by saving one: each pending
 * entry is sent through the chain adapter and gets its hash (save-wallet calls this). A wallet
 * is saved once, so one caller per user: no claim can be sent twice by concurrent saves.
 */
export async function claimPendingTokens(deps: Deps, userId: string, wallet: string): Promise<ClaimResult> {
  const { db, chain } = deps;
  const pending = await db.collection(COL.migrationLog).where('user_id', '==', userId).where('claim_pending', '==', true).get();
  if (pending.empty) return 'none';
  if (!chain) return 'failed';
  let result: ClaimResult = 'sent';
  for (const entry of pending.docs) {
    try {
      const hash = await chain.transfer({ userId, wallet, amount: entry.get('snapshot_balance') as number, runId: entry.get('run_id') as string });
      await entry.ref.update({ solana_tx_hash: hash, wallet_address: wallet, claim_pending: false, claimed_at: new Date(deps.now()).toISOString() });
    } catch (err) {
      log.chainTransferFailed(userId, err);
      result = 'failed';
    }
  }
  return result;
}
