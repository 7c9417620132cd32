import type { RequestHandler } from 'express';
import { claimProblem, MIGRATION_MSG } from '../../../common/migration/migration-messages';
import { requireCaller } from '../platform/http/auth';
import { profileOf } from '../platform/firestore/account-docs';
import { COL } from '../platform/firestore/collections';
import type { Deps } from '../platform/deps';
import { conflict, notFound, unavailable } from '../platform/http/errors';
import { noFields, parse } from '../platform/http/validate';
import { claimPendingTokens } from './claim';

/**
 * POST /api/migration/claim — sends the caller's pending snapshot to the wallet they saved,
 * after saving it did not get it out (no token moved: the chain or the database failed), or
 * before the run reaches them (the run then finds it sent).
 * 200 `sent` or `none` (nothing pending, with or without a wallet); 409 without a saved wallet when a snapshot is pending, while an attempt is under way, when an
 * attempt may have sent it (never resent), or for a wallet the chain refuses; 503 when it fails again.
 */
export const retryClaim =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const caller = requireCaller(res);
    parse(noFields, req.body ?? {});
    const profile = await deps.db.collection(COL.profiles).doc(caller.uid).get();
    if (!profile.exists) throw notFound('Profile not found');
    const wallet = profileOf(profile)?.wallet_address;
    if (!wallet) {
      // Nothing pending is the answer whether or not a wallet is saved: asking for one would send the user looking for tokens they do not have.
      const pending = await deps.db.collection(COL.migrationLog).where('user_id', '==', caller.uid).where('claim_pending', '==', true).limit(1).get();
      if (pending.empty) return void res.json({ claim: 'none' });
      throw conflict(MIGRATION_MSG.claimNeedsWallet);
    }
    const claim = await claimPendingTokens(deps, caller.uid, wallet);
    const problem = claimProblem(claim);
    if (problem) throw claim === 'failed' ? unavailable(problem) : conflict(problem);
    res.json({ claim });
  };
