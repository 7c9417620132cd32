import { api } from './api';
import { auth } from './firebase';

/**
 * Once the address is verified (Firebase's link, maybe in another tab), tells the API, which
 * checks it with Firebase Auth and pays the referrer. Idempotent; failures are retried on the
 * next sign-in or visit to /welcome.
 */
export async function reportEmailVerified(): Promise<void> {
  const user = auth.currentUser;
  if (!user) return;
  try {
    if (!user.emailVerified) await user.reload();
    if (!user.emailVerified) return;
    await api('/accounts/email-verified', { body: {} });
  } catch (err) {
    console.warn('Could not confirm the verified email', err);
  }
}
