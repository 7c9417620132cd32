import { logger } from 'firebase-functions/logger';
import { logSilenced } from '../env';

/** Cloud Logging's severity of each level: errors are ERROR; a refused request or delivery is a WARNING at most. */
const SEVERITY = { info: 'INFO', warn: 'WARNING', error: 'ERROR' } as const;

/**
 * Every server log line is a named function here, so tests can assert which one fired. Each goes
 * through firebase-functions' logger as one structured entry: `severity` (what Cloud Logging
 * filters and alerts on), `message` (the event, with the error's text when it has one), `event`
 * and the event's fields.
 */
const write = (level: keyof typeof SEVERITY, event: string, data: Record<string, unknown>) => {
  if (logSilenced()) return;
  const detail = typeof data.message === 'string' ? `${event}: ${data.message}` : event;
  logger.write({ ...data, severity: SEVERITY[level], event, message: detail });
};

export const log = {
  unexpectedError: (err: unknown) =>
    write('error', 'unexpected_error', { message: err instanceof Error ? err.stack ?? err.message : String(err) }),
  /** Firestore (or another Google API) answered UNAVAILABLE, DEADLINE_EXCEEDED or RESOURCE_EXHAUSTED: the request got 503. */
  backendUnavailable: (err: unknown) => write('error', 'backend_unavailable', { message: err instanceof Error ? err.message.slice(0, 300) : String(err) }),
  signupRolledBack: (uid: string, reason: string) => write('warn', 'signup_rolled_back', { uid, reason }),
  verificationMailFailed: (uid: string, reason: string) => write('warn', 'verification_mail_failed', { uid, reason }),
  /** Firebase could not make a password-reset code (no mail went out; the caller got 503). */
  passwordResetFailed: (reason: string) => write('warn', 'password_reset_failed', { reason }),
  /** A reset was asked for an account's sign-in address that is not its profile's (moved through Firebase's API): no mail. */
  passwordResetNotMailed: (uid: string) => write('warn', 'password_reset_not_mailed', { uid }),
  referralDeferred: (uid: string, err: unknown) => write('warn', 'referral_deferred', { uid, message: String(err) }),
  listingCopiesDeferred: (trackId: string, err: unknown) => write('warn', 'listing_copies_deferred', { trackId, message: String(err) }),
  couponNotApplied: (uid: string, code: string, err: unknown) => write('error', 'coupon_not_applied', { uid, code, message: String(err) }),
  streamOpened: (uid: string | null, collections: string[]) => write('info', 'sync_stream_opened', { uid, collections }),
  streamError: (err: unknown) => write('warn', 'sync_stream_error', { message: String(err) }),
  seeded: (what: string) => write('info', 'seeded', { what }),
  /** A stored clip is not an MP3 whose renditions can be made (voting/clip-rendition.ts): it was served as stored, the same for every session. */
  clipNotRendered: (path: string) => write('warn', 'clip_not_rendered', { path }),
  stripeEventIgnored: (eventId: string, why: string) => write('warn', 'stripe_event_ignored', { eventId, why }),
  /** Payments are off (the configuration): logged at start and for each request refused with a 503. */
  paymentsRefused: (reason: string) => write('warn', 'payments_refused', { reason }),
  /** Stripe could not say which checkout a refunded or disputed payment belongs to (the delivery is answered 503; Stripe retries it). */
  paymentsLookupFailed: (paymentIntent: string, err: unknown) => write('error', 'payments_lookup_failed', { paymentIntent, message: String(err) }),
  /** A card purchase's tokens were taken back (a refund or a dispute); `tokens` is 0 when the checkout had not been credited yet. */
  purchaseReversed: (eventId: string, sessionId: string, userId: string, tokens: number) => write('warn', 'purchase_reversed', { eventId, sessionId, userId, tokens }),
  configInvalid: (problems: string[]) => write('error', 'config_invalid', { problems }),
  /** A token migration transfer failed (the user stays migrating until a run resumes, or the claim stays pending). */
  chainTransferFailed: (userId: string, err: unknown) => write('error', 'chain_transfer_failed', { userId, message: String(err) }),
  /** A claim's transfer went through but its hash could not be recorded: reconcile by hand before the claim is retried. */
  chainTransferUnrecorded: (userId: string, hash: string, err: unknown) => write('error', 'chain_transfer_unrecorded', { userId, hash, message: String(err) }),
  /** A claim could not be started or finished (the database): it stays pending, and the user can try again. */
  claimFailed: (userId: string, err: unknown) => write('error', 'claim_failed', { userId, message: String(err) }),
  /** A radio station call failed (upload, play request, now-playing); the message never carries credentials. */
  stationCallFailed: (what: string, submissionId: string | null, err: unknown) =>
    write('warn', 'station_call_failed', { what, submissionId, message: err instanceof Error ? err.message.slice(0, 300) : String(err).slice(0, 300) }),
  /** A signed URL could not be made (deployed: the IAM signer); the answer goes out without it. */
  signedUrlFailed: (path: string, err: unknown) => write('warn', 'signed_url_failed', { path, message: String(err) }),
  /** The file reached the station but the submission could not be marked uploaded. */
  stationUploadUnrecorded: (submissionId: string, err: unknown) => write('error', 'station_upload_unrecorded', { submissionId, message: String(err) }),
  mediaCleanupFailed: (path: string, err: unknown) => write('warn', 'media_cleanup_failed', { path, message: String(err) }),
  /** A transaction failed after reaching its commit and `probe` could not be read: the request's files are kept, perhaps orphaned. */
  mediaKept: (probe: string, err: unknown) => write('warn', 'media_kept', { probe, message: String(err) }),
  /** A stored document does not match its schema (platform/firestore/typed-collection.ts): `issues` says where, never the values; the read fails. */
  storedDocInvalid: (collection: string, id: string, issues: string[]) => write('error', 'stored_doc_invalid', { collection, id, issues }),
};
