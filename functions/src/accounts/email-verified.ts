import type { RequestHandler } from 'express';
import { noBody } from '../../../common/api/accounts';
import { EMAIL_ALREADY_VERIFIED, EMAIL_NOT_SIGN_IN, EMAIL_NOT_VERIFIED, VERIFY_MSG } from '../../../common/messages';
import { requireCaller } from '../platform/http/auth';
import type { Deps } from '../platform/deps';
import { COL } from '../platform/firestore/collections';
import { conflict, notFound, unavailable } from '../platform/http/errors';
import { parse } from '../platform/http/validate';
import { consumeRateLimit, refund } from '../platform/http/rate-limit';
import { sameAddress, vouchesFor } from './verified-address';
import { releaseSpends } from '../tokens/ledger';
import { rewardReferral } from './referral';
import { sendVerificationMail } from './signup';

/**
 * POST /api/accounts/email-verified: called by the app once the caller has followed Firebase's
 * verification link. Firebase Auth's own record decides (a token claim could be stale), and only
 * for the account's address of record: Auth's address must be the profile's, which referrals,
 * campaigns and account mail use (accounts/verified-address.ts). The account may then spend
 * (tokens/ledger.ts releaseSpends), and the caller's referrer is paid once (accounts/referral.ts). Calling it again changes nothing.
 */
export const emailVerified =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const caller = requireCaller(res);
    parse(noBody, req.body);
    const [record, profile] = await Promise.all([deps.auth.emailRecord(caller.uid), deps.db.collection(COL.profiles).doc(caller.uid).get()]);
    // A profile's address never changes (accounts/create-account.ts), so the referral's
    // transaction reads the one checked here.
    if (!vouchesFor(record, profile.get('email'))) throw conflict(EMAIL_NOT_VERIFIED);
    await releaseSpends(deps.db, caller.uid);
    res.json({ verified: true, referral: await rewardReferral(deps, caller.uid) });
  };

/**
 * POST /api/accounts/verification-email: a new verification mail (Firebase's link) for the
 * caller, whose address is not verified yet (409 when it is). The link is Firebase's for the
 * account's Auth address and the mail goes to the profile's, so both must be one (409 when the
 * Auth address was moved: the link would verify another address than the one it is mailed to).
 * Limited per user; a refusal uses up no allowance.
 */
export const resendVerification =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const caller = requireCaller(res);
    parse(noBody, req.body);
    const profile = await deps.db.collection(COL.profiles).doc(caller.uid).get();
    if (!profile.exists) throw notFound('Profile not found');
    const email = profile.get('email') as unknown;
    const record = await deps.auth.emailRecord(caller.uid);
    if (vouchesFor(record, email)) {
      // Verified where the app never heard of it (another browser): spending is released now.
      await releaseSpends(deps.db, caller.uid);
      throw conflict(EMAIL_ALREADY_VERIFIED);
    }
    if (typeof email !== 'string' || !email.trim()) throw conflict('Your account has no email address');
    if (!record.email || !sameAddress(record.email, email)) throw conflict(EMAIL_NOT_SIGN_IN);
    // The hourly limit first: refused there, the day's allowance is not used up.
    await consumeRateLimit(deps, 'mail_send', caller.uid);
    const daily = await consumeRateLimit(deps, 'verification_mail', caller.uid);
    const sent = await sendVerificationMail(deps, caller.uid, record.email, Boolean(profile.get('referred_by')), `verification-${caller.uid}-${deps.now()}`);
    if (sent === 'no-user') throw notFound('Profile not found');
    if (sent === 'failed') {
      // Firebase could not make the link: no mail went out, so the day's allowance is given back.
      await refund(deps.db, daily);
      throw unavailable(VERIFY_MSG.resendFailed);
    }
    res.status(202).json({ queued: true });
  };
