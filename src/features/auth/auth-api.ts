import {
  browserPopupRedirectResolver,
  GoogleAuthProvider,
  signInWithCredential,
  signInWithEmailAndPassword,
  signInWithPopup,
} from 'firebase/auth';
import { env } from '@/config/env';
import type { SignupInput } from '@common/schemas';
import { ApiError } from '@/lib/api/api';
import * as endpoints from '@/lib/api/endpoints.gen';
import { call } from '@/lib/api/call';
import { reportEmailVerified } from '@/lib/email-verification';
import { auth } from '@/lib/firebase';
import type { SignupCoupon } from '@/lib/coupon-outcome';

export type SignupResult = {
  uid: string;
  username: string;
  balance: number;
  coupon?: SignupCoupon;
};

/**
 * Creates the account on the server (username claimed there; it also queues the verification
 * mail with Firebase's link, which returns to /welcome), then signs in.
 */
export async function signUpWithPassword(input: SignupInput): Promise<SignupResult> {
  const result = await call(endpoints.accounts.signup, { body: input });
  await signInWithEmailAndPassword(auth, input.email, input.password);
  return result;
}

export async function signInWithPassword(email: string, password: string): Promise<void> {
  await signInWithEmailAndPassword(auth, email, password);
  void reportEmailVerified();
}

/** True on the local stack: Google accounts are made up in the Auth emulator. */
export const usesAuthEmulator = Boolean(env.VITE_AUTH_EMULATOR_URL);

export type EmulatorGoogleAccount = { email: string; name: string };

/**
 * Google sign-in with an account chooser, then the profile on first visit. Locally the
 * Auth emulator signs in a made-up Google account from an unsigned ID token: its own popup
 * page needs Google's gapi script from the internet, which the local stack must not need.
 */
/** Signs in with Google and makes sure the profile exists; true when this made a new account. */
export async function signInWithGoogle(referralCode?: string, emulatorAccount?: EmulatorGoogleAccount): Promise<boolean> {
  if (emulatorAccount) {
    const idToken = JSON.stringify({ sub: emulatorAccount.email, email: emulatorAccount.email, email_verified: true, name: emulatorAccount.name });
    await signInWithCredential(auth, GoogleAuthProvider.credential(idToken));
  } else {
    const provider = new GoogleAuthProvider();
    provider.setCustomParameters({ prompt: 'select_account' });
    await signInWithPopup(auth, provider, browserPopupRedirectResolver);
  }
  const res = await call(endpoints.accounts.ensureProfile, { body: referralCode ? { referral_code: referralCode } : {} });
  return res.created;
}

/**
 * A coupon typed on the sign-up form, when the account came through Google (whose sign-in makes
 * the profile with no form): redeemed as the welcome page's Redeem card does, and reported as a
 * sign-up's coupon is. A refusal (400) names the code; anything else could not apply it.
 */
export async function redeemSignupCoupon(code: string): Promise<SignupCoupon> {
  try {
    return await call(endpoints.tokens.redeemCoupon, { body: { code } });
  } catch (err) {
    if (err instanceof ApiError && err.status === 400) return { success: false, message: err.message };
    return { success: false, message: '', error: true };
  }
}

/** Firebase Auth's error codes, in words a person can act on. */
export function authErrorText(err: unknown): string | undefined {
  const code = (err as { code?: string }).code ?? '';
  if (code.includes('invalid-credential') || code.includes('wrong-password') || code.includes('user-not-found'))
    return 'Invalid email or password';
  if (code.includes('too-many-requests')) return 'Too many attempts. Try again later.';
  if (code.includes('network-request-failed')) return 'Network error. Check your connection.';
  if (code.includes('popup-closed-by-user')) return 'The sign-in window was closed';
  return err instanceof Error ? err.message : undefined;
}
