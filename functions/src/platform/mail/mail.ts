/**
 * Outgoing mail, the way Firebase's "Trigger Email from Firestore" extension does it: the API
 * writes one document per message into `mail` (enqueueMail), and a sender delivers it
 * (mail/deliver.ts deliverMail), recording the delivery on the document:
 *
 *   mail/{id} = { to, message: { subject, text, html } | template: { name, data },
 *                 delivery: { state, attempts, error, startTime, endTime, leaseExpireTime, info,
 *                             nextAttemptTime, leaseId } }
 *
 * state: PENDING (written) → PROCESSING (claimed under a lease) → SUCCESS, or ERROR with the error
 * and the time of the next attempt (exponential backoff) until `maxAttempts`. Attempts count at
 * claim time (as the extension does), so a sender that dies mid-send also uses one up; its
 * PROCESSING document is claimed again once the lease expires. Delivery is at least once: a
 * message is never lost, a SUCCESS document is never sent again, and the only duplicate possible
 * is a sender dying between the SMTP server's yes and the SUCCESS write.
 * `nextAttemptTime` and `leaseId` are ours; the rest are the extension's field names.
 */
import { Timestamp, type DocumentReference, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { COL } from '../firestore/collections';
import type { SentInfo } from './mailer';

/** account mail always goes out; campaign mail carries an unsubscribe link and skips unsubscribed users. */
export type MailKind = 'account' | 'campaign';

export type MailState = 'PENDING' | 'PROCESSING' | 'SUCCESS' | 'ERROR';

export type MailContent = { subject: string; text: string; html?: string };
export type MailTemplateRef = { name: string; data: Record<string, unknown> };

export type MailDelivery = {
  state: MailState;
  attempts: number;
  error: string | null;
  startTime: Timestamp | null;
  endTime: Timestamp | null;
  leaseExpireTime: Timestamp | null;
  info: SentInfo | null;
  /** ERROR: not before this time (backoff); null: no further attempt. */
  nextAttemptTime: Timestamp | null;
  /** PROCESSING: who holds the lease (only they record an ERROR). */
  leaseId: string | null;
};

export type MailDoc = {
  /** Addresses; or `toUids`, users whose profile email the sender looks up (the extension's toUids). */
  to?: string | string[];
  toUids?: string[];
  from?: string;
  replyTo?: string;
  message?: MailContent;
  template?: MailTemplateRef;
  headers?: Record<string, string>;
  /** account (always sent) or campaign (unsubscribe link; not sent to an unsubscribed user). */
  kind?: MailKind;
  /** Which template or purpose (verification, campaign, test…), for the logs. */
  topic?: string;
  created_at: Timestamp;
  /**
   * Ours: when the sender should next look at it (new: now; PROCESSING: its lease's end; ERROR:
   * its next attempt), null once it is delivered or given up. The sweep's one query (a top-level
   * field: one single-field index, and the local emulator queries no nested fields).
   */
  due_at: Timestamp | null;
  delivery: MailDelivery;
};

/** A message to enqueue: its content or a template; `id` makes enqueueing idempotent (same id: one message). */
export type NewMail = {
  id?: string;
  from?: string;
  replyTo?: string;
  headers?: Record<string, string>;
  kind?: MailKind;
  topic?: string;
} & ({ to: string | string[]; toUids?: never } | { toUids: string[]; to?: never }) & ({ message: MailContent; template?: never } | { template: MailTemplateRef; message?: never });

export type DeliveryPolicy = {
  maxAttempts: number;
  /** How long a claim holds; longer than the SMTP timeouts (platform/mail/smtp-mailer.ts). */
  leaseMs: number;
  /** The wait after the first failure, doubled after each further one, up to maxBackoffMs. */
  backoffMs: number;
  maxBackoffMs: number;
};

export const DEFAULT_DELIVERY_POLICY: DeliveryPolicy = { maxAttempts: 5, leaseMs: 120_000, backoffMs: 60_000, maxBackoffMs: 3_600_000 };

export const pendingDelivery = (): MailDelivery => ({
  state: 'PENDING',
  attempts: 0,
  error: null,
  startTime: null,
  endTime: null,
  leaseExpireTime: null,
  info: null,
  nextAttemptTime: null,
  leaseId: null,
});

export const mailRef = (db: Firestore, id: string) => db.collection(COL.mail).doc(id) as DocumentReference<MailDoc>;

/** Firestore's ALREADY_EXISTS (gRPC code 6). */
export const alreadyExists = (err: unknown) => (err as { code?: unknown }).code === 6;

/** A new message's document (without its id): PENDING, due now. */
export function newMailDoc(msg: Omit<NewMail, 'id'>, now: number): MailDoc {
  return { ...stripUndefined(msg), created_at: Timestamp.fromMillis(now), due_at: Timestamp.fromMillis(now), delivery: pendingDelivery() };
}

/**
 * Writes a message to `mail` for the sender; returns its id. With an id it is idempotent: a
 * message already written under that id is left as it is (never sent again).
 * In a transaction with an id it reads the document, so call it before the transaction's writes.
 */
export async function enqueueMail(db: Firestore, tx: Transaction | null, msg: NewMail, now: number = Date.now()): Promise<string> {
  const { id, ...rest } = msg;
  const data = newMailDoc(rest, now);
  const ref = id ? mailRef(db, id) : (db.collection(COL.mail).doc() as DocumentReference<MailDoc>);
  if (tx) {
    if (id && (await tx.get(ref)).exists) return ref.id;
    tx.create(ref, data);
    return ref.id;
  }
  try {
    await ref.create(data);
  } catch (err) {
    if (!(id && alreadyExists(err))) throw err;
  }
  return ref.id;
}

export function stripUndefined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

