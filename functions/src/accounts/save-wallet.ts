import { FieldValue } from 'firebase-admin/firestore';
import type { RequestHandler } from 'express';
import { walletInput } from '../../../common/schemas';
import { requireCaller } from '../platform/auth';
import { COL } from '../platform/collections';
import type { Deps } from '../platform/deps';
import { claimPendingTokens } from '../migration/claim';
import { conflict, notFound } from '../platform/errors';
import { parse } from '../platform/validate';

/** POST /api/accounts/wallet — saves the optional wallet address once; then it is locked. */
export const saveWallet =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const caller = requireCaller(res);
    const { wallet_address } = parse(walletInput, req.body);
    await deps.db.runTransaction(async (tx) => {
      const ref = deps.db.collection(COL.profiles).doc(caller.uid);
      const profile = await tx.get(ref);
      if (!profile.exists) throw notFound('Profile not found');
      if (profile.get('wallet_address')) throw conflict('Wallet address is already saved');
      tx.update(ref, { wallet_address, updatedAt: FieldValue.serverTimestamp() });
    });
    // Snapshotted by the migration without a wallet: the tokens go to this one now.
    const claim = await claimPendingTokens(deps, caller.uid, wallet_address);
    res.json({ wallet_address, claim });
  };
