import { FieldValue } from 'firebase-admin/firestore';
import { MIGRATION_MSG } from '../../../common/migration/migration-messages';
import type { ClaimResult } from '../../../common/migration/migration';
import { profileOf } from '../platform/firestore/account-docs';
import { COL } from '../platform/firestore/collections';
import type { Deps } from '../platform/deps';
import { unavailable } from '../platform/http/errors';
import { readBalance, setBalanceFrozen, writeLedgerSnapshot } from '../tokens/ledger';
import { claimEntry } from './claim';
import { logRef } from './migration-refs';

/** Users per batch: one transaction freezes and snapshots them, then each is finished on its own. */
export const MIGRATION_BATCH_SIZE = 25;

type Run = { id: string; lockedUntil: string };

/** What the unresolved claims list says of an entry the former run froze (finishUser). */
export const FORMERLY_FROZEN = 'Frozen by an earlier version of the run, which may have sent the transfer';

/**
 * Step 1 of a batch, one transaction: up to a batch of pre_migration users become migrating,
 * their balances frozen, the snapshot written to the ledger (a delta-0 entry) and to their
 * migration_log entry (no hash yet). Returns their ids; none left: an empty list.
 */
export async function freezeBatch(deps: Deps, run: Run): Promise<string[]> {
  const { db } = deps;
  const candidates = await db.collection(COL.profiles).where('migration_status', '==', 'pre_migration').limit(MIGRATION_BATCH_SIZE).get();
  if (candidates.empty) return [];
  const nowIso = new Date(deps.now()).toISOString();
  return db.runTransaction(async (tx) => {
    const refs = candidates.docs.map((d) => d.ref);
    const profiles = await tx.getAll(...refs);
    const balances = await Promise.all(profiles.map((p) => readBalance(db, tx, p.id)));
    const frozen: string[] = [];
    profiles.forEach((profile, i) => {
      if (!profile.exists || profile.get('migration_status') !== 'pre_migration') return;
      const balance = balances[i]!;
      tx.update(profile.ref, { migration_status: 'migrating', updatedAt: FieldValue.serverTimestamp() });
      setBalanceFrozen(db, tx, profile.id, true);
      writeLedgerSnapshot(db, tx, profile.id, balance, run.id, nowIso);
      tx.create(logRef(db, profile.id, run.id), {
        user_id: profile.id,
        run_id: run.id,
        snapshot_balance: balance,
        locked_until: run.lockedUntil,
        wallet_address: profileOf(profile)?.wallet_address ?? null,
        solana_tx_hash: null,
        migrated_at: null,
        // Owed until a transfer of it is recorded (finishUser, or the user's own claim).
        claim_pending: balance > 0,
      });
      frozen.push(profile.id);
    });
    return frozen;
  });
}

/** The migrating users left by an interrupted batch (resumed before any new batch starts). */
export async function migratingUsers(deps: Deps): Promise<string[]> {
  const snap = await deps.db.collection(COL.profiles).where('migration_status', '==', 'migrating').limit(MIGRATION_BATCH_SIZE).get();
  return snap.docs.map((d) => d.id);
}

/**
 * Step 2, per user: the snapshot goes to their saved wallet as a claim of their entry
 * (claim.ts: the entry is taken for one attempt, so a transfer that may have gone through is
 * never sent again, by the run or by the user), then one transaction marks them migrated and
 * unfreezes their balance. No wallet saved: the claim stays pending until they save one.
 * A transfer that certainly did not move any token, or an attempt still under way, leaves them
 * migrating (frozen) with a 503: the next call of the run resumes there. Returns the claim's
 * result ('none' when nothing was sent): 'unresolved' ends the user's migration with the claim
 * held for a super admin's check.
 * An entry frozen by the run before its transfers were claims (never `claim_pending`, no hash
 * yet, tokens owed) is owed too: the former run may have sent it before failing, so with a
 * wallet it is held unresolved, without one it waits for a wallet.
 */
export async function finishUser(deps: Deps, userId: string, runId: string): Promise<ClaimResult> {
  const { db } = deps;
  const chain = deps.chain;
  if (!chain) throw unavailable(MIGRATION_MSG.noChain);
  const [entry, profile] = await Promise.all([logRef(db, userId, runId).get(), db.collection(COL.profiles).doc(userId).get()]);
  const wallet = profileOf(profile)?.wallet_address ?? null;
  const formerlyFrozen = entry.get('claim_pending') === false && !entry.get('solana_tx_hash') && Number(entry.get('snapshot_balance') ?? 0) > 0;
  let result: ClaimResult = 'none';
  if (wallet && formerlyFrozen) result = 'unresolved';
  else if (wallet && entry.get('claim_pending') === true) result = await claimEntry(deps, chain, userId, wallet, entry);
  if (result === 'failed') throw unavailable(MIGRATION_MSG.transferFailed);
  if (result === 'busy') throw unavailable(MIGRATION_MSG.transferUnderWay);
  const nowIso = new Date(deps.now()).toISOString();
  await db.runTransaction(async (tx) => {
    const current = await tx.get(profile.ref);
    await readBalance(db, tx, userId);
    if (current.get('migration_status') !== 'migrating') return;
    const owed = formerlyFrozen
      ? { claim_pending: true, ...(wallet ? { claim_unresolved: true, claim_attempted_at: nowIso, transfer_error: FORMERLY_FROZEN } : {}) }
      : {};
    tx.set(logRef(db, userId, runId), { migrated_at: nowIso, ...(wallet ? { wallet_address: wallet } : {}), ...owed }, { merge: true });
    tx.update(current.ref, { migration_status: 'migrated', updatedAt: FieldValue.serverTimestamp() });
    setBalanceFrozen(db, tx, userId, false);
  });
  return result;
}
