import { randomUUID } from 'node:crypto';
import { Timestamp, type DocumentReference } from 'firebase-admin/firestore';
import { COL } from '../platform/firestore/collections';
import type { Deps } from '../platform/deps';
import { DEFAULT_DELIVERY_POLICY, mailRef, pendingDelivery, stripUndefined, type DeliveryPolicy, type MailDelivery, type MailDoc } from '../platform/mail/mail';
import type { OutgoingMail, SentInfo } from '../platform/mail/mailer';
import { composeMail, fillPlaceholders } from './compose';
import { mailPrefs, unsubscribeLinks } from './prefs';
import { readTemplate } from './template-store';

export type DeliveryOutcome =
  | { outcome: 'sent'; info: SentInfo }
  | { outcome: 'failed'; error: string; attempts: number; retryAt: number | null }
  | { outcome: 'skipped'; reason: 'missing' | 'delivered' | 'leased' | 'backoff' | 'gave-up' | 'no-mailer' };

/** A failure that another attempt cannot fix (the recipient unsubscribed): no retry. */
class FinalMailError extends Error {}

export const UNSUBSCRIBED_ERROR = 'Not sent: the recipient unsubscribed from campaign emails';

/**
 * Delivers mail/{id} once if it is due: claims it in a transaction (PENDING; ERROR with attempts
 * left and its backoff over; PROCESSING with its lease expired), renders it, sends it through
 * deps.mailer and records SUCCESS with the server's answer, or ERROR with the error and the next
 * attempt's time. Safe to call any number of times, concurrently.
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
        due_at: null,
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
      due_at: Timestamp.fromMillis(now + policy.leaseMs),
    });
    return { doc, attempts };
  });
  if ('skip' in claim) return { outcome: 'skipped', reason: claim.skip! };

  let info: SentInfo;
  try {
    const outgoing = await render(deps, claim.doc);
    info = await mailer.send(outgoing);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return recordError(deps, ref, leaseId, claim.attempts, message, err instanceof FinalMailError ? 0 : policy.maxAttempts, policy);
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
      due_at: null,
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
  maxAttempts: number,
  policy: DeliveryPolicy,
): Promise<DeliveryOutcome> {
  const now = deps.now();
  const retryAt = attempts >= maxAttempts ? null : now + Math.min(policy.backoffMs * 2 ** (attempts - 1), policy.maxBackoffMs);
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
      due_at: retryAt === null ? null : Timestamp.fromMillis(retryAt),
    });
  });
  return { outcome: 'failed', error, attempts, retryAt };
}

type Recipient = { uid: string; email: string; username: string };

async function recipientsOf(deps: Deps, uids: string[]): Promise<Recipient[]> {
  if (!uids.length) return [];
  const snaps = await deps.db.getAll(...uids.map((uid) => deps.db.collection(COL.profiles).doc(uid)));
  return snaps.flatMap((s) => {
    const email = s.get('email') as unknown;
    return s.exists && typeof email === 'string' && email ? [{ uid: s.id, email, username: String(s.get('username') ?? '') }] : [];
  });
}

/**
 * The message as it goes out. Content: its own message, or its template (the admin's edit in
 * mail_templates, else the default) filled with its data, plus `username` and `app_url`.
 * Recipients: `to`, and the profile emails of `toUids`. Campaign mail goes to one user, with
 * their unsubscribe link in the footer and List-Unsubscribe headers (one-click, RFC 8058); an
 * unsubscribed user's campaign mail fails for good.
 */
export async function render(deps: Deps, doc: MailDoc): Promise<OutgoingMail> {
  const users = await recipientsOf(deps, doc.toUids ?? []);
  const to = [...(Array.isArray(doc.to) ? doc.to : doc.to ? [doc.to] : []), ...users.map((u) => u.email)].map((a) => a.trim()).filter(Boolean);
  if (!to.length) throw new Error('No recipient');
  const from = doc.from ?? deps.env.mail?.from ?? 'Fool Rate <noreply@localhost>';
  const { appUrl } = deps.env;

  let headers = doc.headers;
  let unsubscribeUrl: string | undefined;
  if (doc.kind === 'campaign') {
    if (users.length !== 1 || doc.to) throw new FinalMailError('Campaign mail goes to exactly one user (toUids)');
    const prefs = await mailPrefs(deps.db, users[0]!.uid);
    if (!prefs.campaigns) throw new FinalMailError(UNSUBSCRIBED_ERROR);
    const links = unsubscribeLinks(appUrl, users[0]!.uid, prefs.token);
    unsubscribeUrl = links.page;
    headers = { ...headers, 'List-Unsubscribe': `<${links.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
  }

  let content: { subject: string; text: string; html?: string };
  if (doc.message) {
    const { subject, text, html } = doc.message;
    content = html ? { subject, text, html } : composeMail(subject, text, unsubscribeUrl);
  } else if (doc.template) {
    const template = await readTemplate(deps.db, doc.template.name);
    if (!template) throw new Error(`Unknown mail template: ${doc.template.name}`);
    // referral_note: '' for a verification mail queued before the line existed.
    const data = { app_url: appUrl, referral_note: '', ...(users[0] ? { username: users[0].username } : {}), ...(doc.template.data ?? {}) };
    content = composeMail(fillPlaceholders(template.subject, data), fillPlaceholders(template.body, data), unsubscribeUrl);
  } else throw new Error('Neither message nor template');
  if (!content.subject || !content.text) throw new Error('A message needs a subject and a text part');
  return stripUndefined({ to, from, replyTo: doc.replyTo, subject: content.subject, text: content.text, html: content.html, headers });
}

/**
 * The sender's sweep: delivers every message that is due (new, failed with its backoff over, or
 * held by a sender whose lease expired), up to `limit` per run. Deployed it catches what the
 * trigger missed and every retry; locally it is the sender (no Firestore triggers there).
 */
export async function deliverDueMail(deps: Deps, limit = 50, policy: DeliveryPolicy = DEFAULT_DELIVERY_POLICY): Promise<{ sent: number; failed: number }> {
  if (!deps.mailer) return { sent: 0, failed: 0 };
  const due = await deps.db.collection(COL.mail).where('due_at', '<=', Timestamp.fromMillis(deps.now())).orderBy('due_at').limit(limit).get();
  const ids = due.docs.map((d) => d.id);
  let sent = 0;
  let failed = 0;
  for (const id of ids) {
    const out = await deliverMail(deps, id, policy);
    if (out.outcome === 'sent') sent += 1;
    if (out.outcome === 'failed') failed += 1;
  }
  return { sent, failed };
}
