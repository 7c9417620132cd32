/**
 * Account mail sent at an event (a role granted, an order moving on, a radio submission
 * approved or scheduled), written in the same transaction as the change it reports: the mail
 * document exists exactly when the change committed. The data must fill every placeholder of the
 * template except `username` and `app_url`, which the sender adds (mail/deliver.ts render); the
 * type checks that against the template's sample.
 */
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { TEMPLATES, type TemplateName } from '../mail/templates';
import { enqueueMail } from '../platform/mail/mail';

/** The templates of mail that always goes out (not campaigns). */
export type AccountTemplate = { [K in TemplateName]: (typeof TEMPLATES)[K]['kind'] extends 'account' ? K : never }[TemplateName];

/** What the caller supplies: every placeholder of the template but those the sender fills. */
export type AccountMailData<N extends AccountTemplate> = Record<Exclude<keyof (typeof TEMPLATES)[N]['sample'], 'username' | 'app_url'>, string>;

/**
 * Writes one `name` mail to the user `uid` in `tx`. It reads nothing, so it may be called after
 * the transaction's reads and writes; a retried transaction writes it once (only the committed
 * attempt's document exists).
 */
export function enqueueAccountMail<N extends AccountTemplate>(db: Firestore, tx: Transaction, uid: string, name: N, data: AccountMailData<N>, now: number): Promise<string> {
  return enqueueMail(db, tx, { toUids: [uid], template: { name, data }, kind: 'account', topic: name }, now);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** A time as mail shows it, in UTC: '25 Nov 2026, 20:00 UTC'. */
export function formatMailTime(at: number | string): string {
  const d = new Date(at);
  if (!Number.isFinite(d.getTime())) throw new Error(`Not a time: ${String(at)}`);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}
