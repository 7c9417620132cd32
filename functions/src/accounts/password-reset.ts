import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { PASSWORD_MSG } from '../../../common/messages';
import { passwordResetInput } from '../../../common/schemas';
import { PATHS } from '../../../common/paths';
import { COL } from '../platform/firestore/collections';
import type { Deps } from '../platform/deps';
import { clientKey } from '../platform/http/client-ip';
import { unavailable } from '../platform/http/errors';
import { log } from '../platform/log';
import { enqueueMail } from '../platform/mail/mail';
import { consumeRateLimit, refund } from '../platform/http/rate-limit';
import { parse } from '../platform/http/validate';
import { sameAddress } from './verified-address';
import { mailboxHash } from './mailbox';

/**
 * Whether the reset mail, which goes to the account's profile address, goes to the address
 * Firebase made the code for. A user can move their Auth address off the profile's through
 * Firebase's public API; the code for the new sign-in address is then mailed nowhere (the
 * profile's mailbox may be anyone's, and the per-mailbox limit counts the address asked for).
 * Firebase's own reset mail still reaches that address.
 */
async function mailsTheAddress(deps: Deps, reset: { uid: string; email: string }): Promise<boolean> {
  const email = (await deps.db.collection(COL.profiles).doc(reset.uid).get()).get('email') as unknown;
  if (typeof email === 'string' && sameAddress(email, reset.email)) return true;
  log.passwordResetNotMailed(reset.uid);
  return false;
}

/**
 * POST /api/accounts/password-reset: mails the account with this address a link to the app's
 * own reset page (`/reset-password?code=`, with Firebase's one-time code), only when the
 * address is both its sign-in (Auth) address and its profile's. The answer is the same whether
 * or not an account has the address, so it tells nobody who has one. Limited per IP and per
 * mailbox (an address's `+tag` and Gmail dot variants count together).
 */
export const requestPasswordReset =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const { email } = parse(passwordResetInput, req.body);
    await consumeRateLimit(deps, 'password_reset', clientKey(req));
    const daily = await consumeRateLimit(deps, 'password_reset_mail', mailboxHash(email));
    let reset: Awaited<ReturnType<Deps['auth']['passwordResetCode']>>;
    try {
      reset = await deps.auth.passwordResetCode(email);
    } catch (err) {
      // Firebase could not make the code: no mail goes out, so the address's allowance is given back.
      log.passwordResetFailed(err instanceof Error ? err.message : String(err));
      await refund(deps.db, daily);
      throw unavailable(PASSWORD_MSG.requestFailed);
    }
    if (reset && (await mailsTheAddress(deps, reset))) {
      const link = `${deps.env.appUrl}${PATHS.resetPassword}?code=${encodeURIComponent(reset.code)}`;
      await enqueueMail(deps.db, null, { id: `password-reset-${reset.uid}-${randomUUID()}`, toUids: [reset.uid], kind: 'account', topic: 'password_reset', template: { name: 'password_reset', data: { link } } }, deps.now());
    }
    res.status(202).json({ queued: true });
  };
