import type { RequestHandler } from 'express';
import { MSG } from '../../../common/messages';
import { couponCode, signupInput } from '../../../common/schemas';
import { COL } from '../platform/collections';
import type { Deps } from '../platform/deps';
import { HttpError, badRequest, conflict } from '../platform/errors';
import { log } from '../platform/log';
import { clientIp } from '../platform/http';
import { consumeRateLimit } from '../platform/rate-limit';
import { parse } from '../platform/validate';
import { redeemCouponResult } from '../tokens/redeem-coupon';
import { createAccount } from './create-account';

/** Maps Firebase Auth's errors on user creation to the caller's 4xx. */
function authCreateError(err: unknown): HttpError {
  const code = (err as { code?: string }).code ?? '';
  if (code.includes('email-already-exists')) return conflict('Email already in use');
  if (code.includes('invalid-email')) return badRequest('Invalid email address');
  if (code.includes('invalid-password') || code.includes('weak-password')) return badRequest('Password is too weak');
  throw err;
}

/**
 * POST /api/accounts/signup. The username is claimed in a transaction before the account
 * exists for anyone; if the claim loses a race the new Auth user is deleted again. Limited per
 * client IP; the client then sends Firebase's verification email, and the referrer is paid
 * only once that is followed (accounts/email-verified.ts).
 */
export const signup =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const input = parse(signupInput, req.body);
    await consumeRateLimit(deps, 'signup', clientIp(req));
    if ((await deps.db.collection(COL.usernames).doc(input.username).get()).exists) throw conflict(MSG.usernameTaken);

    let uid: string;
    try {
      ({ uid } = await deps.auth.createUser({ email: input.email, password: input.password, displayName: input.username }));
    } catch (err) {
      throw authCreateError(err);
    }

    let account;
    try {
      account = await createAccount(deps, {
        uid,
        username: input.username,
        email: input.email,
        fullName: input.username,
        avatarUrl: null,
        referralCode: input.referral_code,
      });
    } catch (err) {
      await deps.auth.deleteUser(uid).catch(() => undefined);
      log.signupRolledBack(uid, err instanceof Error ? err.message : String(err));
      throw err;
    }

    const code = input.coupon === undefined ? undefined : couponCode.safeParse(input.coupon);
    const coupon = !code
      ? undefined
      : code.success
        ? await redeemCouponResult(deps, uid, code.data)
        : { success: false, message: 'Coupon code is invalid' };
    res.status(201).json({
      uid,
      username: account.username,
      balance: coupon?.balance ?? account.balance,
      ...(coupon ? { coupon: { success: coupon.success, message: coupon.message } } : {}),
    });
  };
