import type { RequestHandler } from 'express';
import { z } from 'zod';
import { EMAIL_NOT_VERIFIED } from '../../../common/messages';
import { requireCaller } from '../platform/auth';
import type { Deps } from '../platform/deps';
import { conflict } from '../platform/errors';
import { parse } from '../platform/validate';
import { rewardReferral } from './referral';

const noBody = z.union([z.undefined(), z.strictObject({})]);

/**
 * POST /api/accounts/email-verified: called by the app once the caller has followed Firebase's
 * verification link. Firebase Auth's own record decides (a token claim could be stale); the
 * caller's referrer is then paid once (accounts/referral.ts). Calling it again changes nothing.
 */
export const emailVerified =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const caller = requireCaller(res);
    parse(noBody, req.body);
    if (!(await deps.auth.emailVerified(caller.uid))) throw conflict(EMAIL_NOT_VERIFIED);
    res.json({ verified: true, referral: await rewardReferral(deps, caller.uid) });
  };
