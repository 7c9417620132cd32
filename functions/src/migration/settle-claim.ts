import type { DocumentSnapshot } from 'firebase-admin/firestore';
import type { RequestHandler } from 'express';
import { UNRESOLVED_CLAIMS_LISTED, type SettledClaim, type UnresolvedClaim, type UnresolvedClaims } from '../../../common/migration/migration';
import { MIGRATION_MSG } from '../../../common/migration/migration-messages';
import { claimIdParams, settleClaimInput } from '../../../common/migration/migration-schemas';
import { recordAudit } from '../platform/firestore/audit';
import { requireCaller } from '../platform/http/auth';
import { COL } from '../platform/firestore/collections';
import type { Deps } from '../platform/deps';
import { profilesById, textOrNull } from '../platform/firestore/doc-reads';
import { conflict, notFound } from '../platform/http/errors';
import { parse } from '../platform/http/validate';
import { claimUnresolved, sentFields } from './claim';

/** The wallet a claim was sent to: the user's saved (locked) wallet, else the one on the entry. */
const walletOf = (profile: DocumentSnapshot | undefined, entry: DocumentSnapshot): string | null =>
  textOrNull(profile?.get('wallet_address')) ?? textOrNull(entry.get('wallet_address'));

async function claimWallet(deps: Deps, entry: DocumentSnapshot): Promise<string | null> {
  if (!entry.exists) return null;
  const userId = String(entry.get('user_id'));
  const profile = await deps.db.collection(COL.profiles).doc(userId).get();
  return walletOf(profile, entry);
}

/**
 * GET /api/cms/migration/claims — super admins: the snapshots whose transfer may have gone
 * through (claim.ts: never resent), oldest attempt first, with the user's name, email and wallet.
 */
export const listUnresolvedClaims =
  (deps: Deps): RequestHandler =>
  async (_req, res) => {
    const { db } = deps;
    const now = deps.now();
    // Every entry an attempt holds; those still in flight (under CLAIM_IN_FLIGHT_MS) are left out below.
    const snap = await db
      .collection(COL.migrationLog)
      .where('claim_pending', '==', true)
      .where('claim_attempted_at', '>', '')
      .orderBy('claim_attempted_at')
      .limit(UNRESOLVED_CLAIMS_LISTED)
      .get();
    const held = snap.docs.filter((d) => claimUnresolved(d, now));
    const userIds = held.map((d) => String(d.get('user_id')));
    const byId = await profilesById(db, userIds);
    const items: UnresolvedClaim[] = held.map((d) => {
      const userId = String(d.get('user_id'));
      const profile = byId.get(userId);
      return {
        id: d.id,
        user_id: userId,
        username: textOrNull(profile?.get('username')),
        email: textOrNull(profile?.get('email')),
        wallet_address: walletOf(profile, d),
        snapshot_balance: Number(d.get('snapshot_balance') ?? 0),
        attempted_at: String(d.get('claim_attempted_at')),
        transfer_error: textOrNull(d.get('transfer_error')),
      };
    });
    const body: UnresolvedClaims = { items, truncated: snap.size === UNRESOLVED_CLAIMS_LISTED };
    res.json(body);
  };

/**
 * POST /api/cms/migration/claims/:id/settle — a super admin who looked at the chain settles an
 * unresolved claim, in one transaction with its audit entry (`migration.claim`): `sent` records
 * the transfer's hash (the user's welcome card shows it), `not_sent` releases the entry so the
 * user can send the tokens again. 409 for an entry that is not unresolved (sent, settled, never
 * attempted, or an attempt under way), so two admins settling at once settle it once.
 */
export const settleClaim =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const caller = requireCaller(res);
    const { id } = parse(claimIdParams, req.params);
    const input = parse(settleClaimInput, req.body);
    const { db } = deps;
    const ref = db.collection(COL.migrationLog).doc(id);
    const now = deps.now();
    const nowIso = new Date(now).toISOString();
    // The wallet the attempt sent to, read before the transaction: a saved wallet never changes.
    const wallet = input.outcome === 'sent' ? await claimWallet(deps, await ref.get()) : null;
    const answer = await db.runTransaction(async (tx): Promise<SettledClaim> => {
      const entry = await tx.get(ref);
      if (!entry.exists) throw notFound(MIGRATION_MSG.claimNotFound);
      if (!claimUnresolved(entry, now)) throw conflict(MIGRATION_MSG.claimNotUnresolved);
      const audit = { action: 'migration.claim' as const, actorId: caller.uid, targetUserId: String(entry.get('user_id')), before: { claim: 'unresolved' } };
      const settled = { settled_by: caller.uid, settled_at: nowIso };
      if (input.outcome === 'not_sent') {
        tx.update(ref, { claim_attempted_at: null, claim_unresolved: false, ...settled });
        recordAudit(db, tx, { ...audit, after: { claim: 'released' } }, nowIso);
        return { id, claim: 'released' };
      }
      tx.update(ref, { ...sentFields(input.tx_hash, wallet, nowIso), ...settled });
      recordAudit(db, tx, { ...audit, after: { claim: 'sent', tx_hash: input.tx_hash } }, nowIso);
      return { id, claim: 'sent' };
    });
    res.json(answer);
  };
