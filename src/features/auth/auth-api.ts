import { browserPopupRedirectResolver, GoogleAuthProvider, signInWithEmailAndPassword, signInWithPopup } from 'firebase/auth';
import type { SignupInput } from '@common/schemas';
import { api } from '@/lib/api';
import { auth } from '@/lib/firebase';

export type SignupResult = {
  uid: string;
  username: string;
  balance: number;
  coupon?: { success: boolean; message: string };
};

/** Creates the account on the server (username claimed there), then signs in. */
export async function signUpWithPassword(input: SignupInput): Promise<SignupResult> {
  const result = await api<SignupResult>('/accounts/signup', { body: input });
  await signInWithEmailAndPassword(auth, input.email, input.password);
  return result;
}

export async function signInWithPassword(email: string, password: string): Promise<void> {
  await signInWithEmailAndPassword(auth, email, password);
}

/** Google sign-in (the Auth emulator's account page locally), then the profile on first visit. */
export async function signInWithGoogle(referralCode?: string): Promise<void> {
  const provider = new GoogleAuthProvider();
  provider.setCustomParameters({ prompt: 'select_account' });
  await signInWithPopup(auth, provider, browserPopupRedirectResolver);
  await api('/accounts/ensure-profile', { body: referralCode ? { referral_code: referralCode } : {} });
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
