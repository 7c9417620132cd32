import * as endpoints from './api/endpoints.gen';
import { call } from './api/call';
import { auth } from './firebase';

/**
 * Once the address is verified (Firebase's link, maybe in another tab), tells the API, which
 * checks it with Firebase Auth and pays the referrer. Idempotent; failures are retried on the
 * next sign-in or visit to /welcome. Resolves to whether the address is verified (null: unknown).
 */
export async function reportEmailVerified(): Promise<boolean | null> {
  const user = auth.currentUser;
  if (!user) return null;
  try {
    if (!user.emailVerified) await user.reload();
    if (!user.emailVerified) return false;
    await call(endpoints.accounts.emailVerified, { body: {} });
    return true;
  } catch (err) {
    console.warn('Could not confirm the verified email', err);
    return user.emailVerified ? true : null;
  }
}

/** Asks the API for a new verification mail (Firebase's link). */
export async function resendVerificationEmail(): Promise<void> {
  await call(endpoints.accounts.verificationEmail, { body: {} });
}
