import { FieldValue } from 'firebase-admin/firestore';
import type { RequestHandler } from 'express';
import { WALLET_KEY_MESSAGE, walletInput } from '../../../common/schemas';
import { requireCaller } from '../platform/http/auth';
import { COL } from '../platform/firestore/collections';
import type { Deps } from '../platform/deps';
import { lazy } from '../platform/http/lazy';
import { claimPendingTokens } from '../migration/claim';
import { conflict, notFound } from '../platform/http/errors';
import { parse } from '../platform/http/validate';

/**
 * The form's check, and then the chain's: base58 that decodes to a 32-byte key, as the Solana
 * gateway requires before a transfer (`isAddress`). The address locks once saved, so one the
 * chain would refuse must not be saved. (@solana/kit stays out of the client's bundle: the
 * client sends, the API decides, and it loads with the first wallet saved: platform/http/lazy.ts.)
 */
const solanaWallet = lazy(async () => {
  const { isAddress } = await import('@solana/kit');
  return walletInput.refine((w) => isAddress(w.wallet_address), { path: ['wallet_address'], message: WALLET_KEY_MESSAGE });
});

/** POST /api/accounts/wallet — saves the optional wallet address once; then it is locked. */
export const saveWallet =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const caller = requireCaller(res);
    const { wallet_address } = parse(await solanaWallet(), req.body);
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
