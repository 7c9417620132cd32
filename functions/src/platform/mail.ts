/**
 * Outgoing mail, the way Firebase's "Trigger Email from Firestore" extension does it: the API
 * writes one document per message into `mail` (enqueueMail), and a sender delivers it
 * (deliverMail), recording the delivery on the document:
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
import { randomUUID } from 'node:crypto';
import { Timestamp, type DocumentReference, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { COL } from './collections';
import type { Deps } from './deps';
import type { OutgoingMail, SentInfo } from './mailer';

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
  to: string | string[];
  from?: string;
  replyTo?: string;
  message?: MailContent;
  template?: MailTemplateRef;
  headers?: Record<string, string>;
  /** What kind of mail (e.g. verification, campaign): for the logs and the unsubscribe rule. */
  kind?: string;
  created_at: Timestamp;
  delivery: MailDelivery;
};

/** A message to enqueue: its content or a template; `id` makes enqueueing idempotent (same id: one message). */
export type NewMail = {
  id?: string;
  to: string | string[];
  from?: string;
  replyTo?: string;
  headers?: Record<string, string>;
  kind?: string;
} & ({ message: MailContent; template?: never } | { template: MailTemplateRef; message?: never });

export type DeliveryPolicy = {
  maxAttempts: number;
  /** How long a claim holds; longer than the SMTP timeouts (platform/smtp-mailer.ts). */
  leaseMs: number;
  /** The wait after the first failure, doubled after each further one, up to maxBackoffMs. */
  backoffMs: number;
  maxBackoffMs: number;
};

export const DEFAULT_DELIVERY_POLICY: DeliveryPolicy = { maxAttempts: 5, leaseMs: 120_000, backoffMs: 60_000, maxBackoffMs: 3_600_000 };

const pendingDelivery = (): MailDelivery => ({
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

const mailRef = (db: Firestore, id: string) => db.collection(COL.mail).doc(id) as DocumentReference<MailDoc>;

/** Firestore's ALREADY_EXISTS (gRPC code 6). */
const alreadyExists = (err: unknown) => (err as { code?: unknown }).code === 6;

/**
 * Writes a message to `mail` for the sender; returns its id. With an id it is idempotent: a
 * message already written under that id is left as it is (never sent again).
 * In a transaction with an id it reads the document, so call it before the transaction's writes.
 */
export async function enqueueMail(db: Firestore, tx: Transaction | null, msg: NewMail, now: number = Date.now()): Promise<string> {
  const { id, ...rest } = msg;
  const data: MailDoc = { ...stripUndefined(rest), created_at: Timestamp.fromMillis(now), delivery: pendingDelivery() };
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

function stripUndefined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

export type DeliveryOutcome =
  | { outcome: 'sent'; info: SentInfo }
  | { outcome: 'failed'; error: string; attempts: number; retryAt: number | null }
  | { outcome: 'skipped'; reason: 'missing' | 'delivered' | 'leased' | 'backoff' | 'gave-up' | 'no-mailer' };

/**
 * Delivers mail/{id} once if it is due: claims it in a transaction (PENDING; ERROR with attempts
 * left and its backoff over; PROCESSING with its lease expired), renders its template, sends it
 * through deps.mailer and records SUCCESS with the server's answer, or ERROR with the error and
 * the next attempt's time. Safe to call any number of times, concurrently.
 */
export async function deliverMail(deps: Deps, id: string, policy: DeliveryPolicy = DEFAULT_DELIVERY_POLICY): Promise<DeliveryOutcome> {
  const mailer = deps.mailer;
  if (!mailer) return { outcome: 'skipped', reason: 'no-mailer' };
  const ref = mailRef(deps.db, id);
  const leaseId = randomUUID();

  const claim = await deps.db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) return { skip: 'missing' as const };
    const doc = snap.data()!;
    const d: MailDelivery = { ...pendingDelivery(), ...doc.delivery };
    const now = deps.now();
    if (d.state === 'SUCCESS') return { skip: 'delivered' as const };
    if (d.state === 'PROCESSING' && d.leaseExpireTime && d.leaseExpireTime.toMillis() > now) return { skip: 'leased' as const };
    if (d.state === 'ERROR' && d.nextAttemptTime === null) return { skip: 'gave-up' as const };
    if (d.state === 'ERROR' && d.nextAttemptTime && d.nextAttemptTime.toMillis() > now) return { skip: 'backoff' as const };
    if (d.attempts >= policy.maxAttempts) {
      // A sender died holding the last attempt: give up, keeping the message and its history.
      tx.update(ref, {
        'delivery.state': 'ERROR',
        'delivery.error': d.error ?? 'The sender stopped before finishing (lease expired)',
        'delivery.endTime': Timestamp.fromMillis(now),
        'delivery.leaseExpireTime': null,
        'delivery.nextAttemptTime': null,
        'delivery.leaseId': null,
      });
      return { skip: 'gave-up' as const };
    }
    const attempts = d.attempts + 1;
    tx.update(ref, {
      'delivery.state': 'PROCESSING',
      'delivery.attempts': attempts,
      'delivery.startTime': Timestamp.fromMillis(now),
      'delivery.endTime': null,
      'delivery.leaseExpireTime': Timestamp.fromMillis(now + policy.leaseMs),
      'delivery.nextAttemptTime': null,
      'delivery.leaseId': leaseId,
    });
    return { doc, attempts };
  });
  if ('skip' in claim) return { outcome: 'skipped', reason: claim.skip! };

  let info: SentInfo;
  try {
    const outgoing = await render(deps, claim.doc);
    info = await mailer.send(outgoing);
  } catch (err) {
    return recordError(deps, ref, leaseId, claim.attempts, err instanceof Error ? err.message : String(err), policy);
  }
  // Sent: record it whoever holds the lease now, so that nobody sends it again.
  await deps.db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists || snap.data()!.delivery?.state === 'SUCCESS') return;
    tx.update(ref, {
      'delivery.state': 'SUCCESS',
      'delivery.error': null,
      'delivery.info': info,
      'delivery.endTime': Timestamp.fromMillis(deps.now()),
      'delivery.leaseExpireTime': null,
      'delivery.nextAttemptTime': null,
      'delivery.leaseId': null,
    });
  });
  return { outcome: 'sent', info };
}

async function recordError(
  deps: Deps,
  ref: DocumentReference<MailDoc>,
  leaseId: string,
  attempts: number,
  error: string,
  policy: DeliveryPolicy,
): Promise<DeliveryOutcome> {
  const now = deps.now();
  const retryAt = attempts >= policy.maxAttempts ? null : now + Math.min(policy.backoffMs * 2 ** (attempts - 1), policy.maxBackoffMs);
  await deps.db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    // Someone else claimed it after our lease expired (or delivered it): their outcome stands.
    if (!snap.exists || snap.data()!.delivery?.leaseId !== leaseId) return;
    tx.update(ref, {
      'delivery.state': 'ERROR',
      'delivery.error': error,
      'delivery.endTime': Timestamp.fromMillis(now),
      'delivery.leaseExpireTime': null,
      'delivery.nextAttemptTime': retryAt === null ? null : Timestamp.fromMillis(retryAt),
      'delivery.leaseId': null,
    });
  });
  return { outcome: 'failed', error, attempts, retryAt };
}

/** The message as it goes out: its own content, or its template (mail_templates/{name}) filled with its data. */
async function render(deps: Deps, doc: MailDoc): Promise<OutgoingMail> {
  const to = (Array.isArray(doc.to) ? doc.to : [doc.to]).map((a) => a.trim()).filter(Boolean);
  if (!to.length) throw new Error('No recipient');
  const from = doc.from ?? deps.config.mail?.from ?? 'Fool Rate <noreply@localhost>';
  let content: MailContent;
  if (doc.message) content = doc.message;
  else if (doc.template) {
    const snap = await deps.db.collection(COL.mailTemplates).doc(doc.template.name).get();
    if (!snap.exists) throw new Error(`Unknown mail template: ${doc.template.name}`);
    content = renderTemplate(snap.data() as MailContent, doc.template.data ?? {});
  } else throw new Error('Neither message nor template');
  if (!content.subject || !content.text) throw new Error('A message needs a subject and a text part');
  return stripUndefined({ to, from, replyTo: doc.replyTo, subject: content.subject, text: content.text, html: content.html, headers: doc.headers });
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Fills {{name}} (or {{a.b}}) placeholders from `data`; in the html part values are HTML-escaped
 * unless written {{{name}}}. A missing value is an error, not an empty string.
 */
export function renderTemplate(template: MailContent, data: Record<string, unknown>): MailContent {
  const lookup = (path: string): string => {
    let v: unknown = data;
    for (const key of path.split('.')) v = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
    if (v === undefined || v === null) throw new Error(`Mail template value missing: ${path}`);
    return String(v);
  };
  const fill = (s: string, html: boolean) =>
    s.replace(/\{\{\{\s*([\w.]+)\s*\}\}\}|\{\{\s*([\w.]+)\s*\}\}/g, (_, raw: string | undefined, escaped: string | undefined) =>
      raw ? lookup(raw) : html ? escapeHtml(lookup(escaped!)) : lookup(escaped!),
    );
  return stripUndefined({
    subject: fill(template.subject ?? '', false),
    text: fill(template.text ?? '', false),
    html: template.html ? fill(template.html, true) : undefined,
  });
}
