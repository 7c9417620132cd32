import type { Firestore } from 'firebase-admin/firestore';
import type { Config } from '../config';
import type { ChainGateway } from './chain';
import type { Mailer } from './mailer';
import type { PaymentGateway } from './payments';
import type { RadioStation } from './station';
import type { ObjectStorage } from './storage';

/** A caller as its ID token says: `provider` is how this session signed in ('password', 'google.com', 'anonymous'…). */
export type VerifiedUser = { uid: string; email?: string; name?: string; picture?: string; provider?: string };

/** What the API needs from Firebase Auth; tests pass an in-memory twin. */
export interface AuthGateway {
  verifyIdToken(token: string): Promise<VerifiedUser>;
  createUser(input: { email: string; password: string; displayName: string }): Promise<{ uid: string }>;
  deleteUser(uid: string): Promise<void>;
  /** Whether the account's email address is verified (Auth's own record, not a token claim). */
  emailVerified(uid: string): Promise<boolean>;
  /** Which of these accounts have a verified address (Auth's own records, at most 100 a call). */
  verifiedUids(uids: readonly string[]): Promise<Set<string>>;
  /** Firebase's own verification link for the address; following it verifies it, then opens continueUrl. */
  emailVerificationLink(email: string, continueUrl: string): Promise<string>;
  /**
   * The account with this address and Firebase's one-time code that lets its password be
   * changed (the `oobCode` of Firebase's reset link; the app's own page uses it), or null when
   * no account has the address.
   */
  passwordResetCode(email: string): Promise<{ uid: string; code: string } | null>;
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
  /** Where the token migration sends tokens (platform/chain.ts); null when none is configured. */
  chain: ChainGateway | null;
  /** Sends mail over SMTP (platform/mailer.ts); null when no SMTP server is configured (mail then waits in `mail`). */
  mailer: Mailer | null;
  config: Config;
  now: () => number;
};
