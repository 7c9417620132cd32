import type { Firestore } from 'firebase-admin/firestore';
import type { Env } from '../env';
import type { ChainGateway } from './chain/chain';
import type { Mailer } from './mail/mailer';
import type { PaymentGateway } from './payments';
import type { RadioStation } from './station/station';
import type { ObjectStorage } from './storage/storage';

/** A caller as its ID token says: `provider` is how this session signed in ('password', 'google.com', 'anonymous'…). */
export type VerifiedUser = { uid: string; email?: string; name?: string; picture?: string; provider?: string };

/** An account's address in Firebase Auth's own record, and whether Firebase has verified it. */
export type AuthEmail = { email: string | null; verified: boolean };

/** What the API needs from Firebase Auth; tests pass an in-memory twin. */
export interface AuthGateway {
  /**
   * The token's user; with `checkRevoked`, also refused when the account was disabled or its
   * tokens revoked since the token was issued (Firebase Auth's own record: one lookup more).
   */
  verifyIdToken(token: string, checkRevoked?: boolean): Promise<VerifiedUser>;
  createUser(input: { email: string; password: string; displayName: string }): Promise<{ uid: string }>;
  deleteUser(uid: string): Promise<void>;
  /**
   * The account's address as Auth's own record has it (not a token claim, which can be stale) and
   * whether Firebase has verified that address; `{ email: null, verified: false }` for an account
   * that is gone. Compare it with the profile's address (accounts/verified-address.ts).
   */
  emailRecord(uid: string): Promise<AuthEmail>;
  /** The same for many accounts (at most 100 a call); an account that is gone is left out. */
  emailRecords(uids: readonly string[]): Promise<Map<string, AuthEmail>>;
  /** Firebase's own verification link for the address; following it verifies it, then opens continueUrl. */
  emailVerificationLink(email: string, continueUrl: string): Promise<string>;
  /**
   * The account whose Auth address this is, that address as Auth's record has it, and Firebase's
   * one-time code that lets its password be changed (the `oobCode` of Firebase's reset link; the
   * app's own page uses it), or null when no account has the address.
   */
  passwordResetCode(email: string): Promise<{ uid: string; email: string; code: string } | null>;
}

export type Deps = {
  db: Firestore;
  auth: AuthGateway;
  /** Private object storage (original audio, clips, covers). */
  storage: ObjectStorage;
  /** Path of the ffmpeg binary used to check and cut audio. */
  ffmpegPath: string;
  /** Stripe Checkout and webhook signatures (platform/payments.ts). */
  payments: PaymentGateway;
  /** The radio station (uploads, play requests, what aired); null when none is configured. */
  station: RadioStation | null;
  /** Where the token migration sends tokens (platform/chain/chain.ts); null when none is configured. */
  chain: ChainGateway | null;
  /** Sends mail over SMTP (platform/mail/mailer.ts); null when no SMTP server is configured (mail then waits in `mail`). */
  mailer: Mailer | null;
  /** The environment the function runs with: secrets, parameters, the emulator switches (env.ts). The CMS's editable settings are `settings` (cms/settings.ts). */
  env: Env;
  now: () => number;
};
