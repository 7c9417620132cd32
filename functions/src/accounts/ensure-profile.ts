import { randomInt } from 'node:crypto';
import type { RequestHandler } from 'express';
import { USERNAME_MAX, USERNAME_MIN } from '../../../common/constants';
import { ensureProfileInput } from '../../../common/schemas';
import { normalizeUsername } from '../../../common/accounts/username';
import { requireCaller } from '../platform/http/auth';
import { COL } from '../platform/firestore/collections';
import type { Deps } from '../platform/deps';
import { HttpError, forbidden } from '../platform/http/errors';
import { clientKey } from '../platform/http/client-ip';
import { log } from '../platform/log';
import { consumeRateLimits } from '../platform/http/rate-limit';
import { parse } from '../platform/http/validate';
import { vouchesFor } from './verified-address';
import { createAccount } from './create-account';
import { SIGNUP_LIMITS } from './signup';
import { rewardReferral } from './referral';

/** A username for an account made through Google: from the name or email, made unique by digits. */
function usernameCandidate(seed: string, attempt: number): string {
  let base = normalizeUsername(seed).slice(0, USERNAME_MAX);
  if (base.length < USERNAME_MIN) base = `user${base}`;
  if (attempt === 0) return base;
  const suffix = String(randomInt(1000, 999_999));
  return `${base.slice(0, USERNAME_MAX - suffix.length)}${suffix}`;
}

/** The sign-in providers whose first sign-in creates the account here. */
const PROFILE_PROVIDERS: ReadonlySet<string> = new Set(['google.com']);
const NOT_A_PROVIDER_SIGN_IN = 'Create your account with the sign-up form';

/**
 * POST /api/accounts/ensure-profile: creates the caller's profile and signup grant on first
 * sign-in through a provider (Google); for an existing profile it changes nothing. A new account
 * counts against its IP's sign-ups, as POST /api/accounts/signup does. A password account gets
 * its profile from the sign-up form only: one made straight through Firebase Auth's public API
 * (or an anonymous one) gets none here, so no signup grant outside the sign-up limit.
 */
export const ensureProfile =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const caller = requireCaller(res);
    const input = parse(ensureProfileInput, req.body ?? {});
    if (!(await deps.db.collection(COL.profiles).doc(caller.uid).get()).exists) {
      if (!caller.provider || !PROFILE_PROVIDERS.has(caller.provider)) throw forbidden(NOT_A_PROVIDER_SIGN_IN);
      await consumeRateLimits(deps, SIGNUP_LIMITS(clientKey(req)));
    }
    const seed = caller.email?.split('@')[0] ?? caller.name ?? 'user';
    for (let attempt = 0; attempt < 6; attempt++) {
      let account: Awaited<ReturnType<typeof createAccount>>;
      try {
        account = await createAccount(deps, {
          uid: caller.uid,
          username: usernameCandidate(seed, attempt),
          email: caller.email ?? '',
          fullName: caller.name ?? seed,
          avatarUrl: caller.picture ?? null,
          referralCode: input.referral_code,
          // Google vouches for the address of a Google account: it spends at once.
          emailVerified: true,
        });
      } catch (err) {
        if (!(err instanceof HttpError && err.status === 409)) throw err;
        continue;
      }
      if (account.created) await rewardIfVerified(deps, caller.uid, caller.email ?? '');
      res.status(account.created ? 201 : 200).json(account);
      return;
    }
    throw new HttpError(409, 'conflict', 'Could not find a free username');
  };

/**
 * Google vouches for its addresses: a verified one pays the referrer straight away, when Auth's
 * record is for the address the profile was just made with (accounts/verified-address.ts). The
 * account exists by then, so a failure here (Firebase Auth unreachable, the referrer's balance
 * contended) never fails the sign-in: it is logged and the referral stays pending, paid when the
 * app reports the verified address (POST /api/accounts/email-verified, which the welcome page calls).
 */
async function rewardIfVerified(deps: Deps, uid: string, profileEmail: string): Promise<void> {
  try {
    if (vouchesFor(await deps.auth.emailRecord(uid), profileEmail)) await rewardReferral(deps, uid);
  } catch (err) {
    log.referralDeferred(uid, err);
  }
}
