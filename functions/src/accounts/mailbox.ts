import { createHash } from 'node:crypto';

/**
 * The mailbox an address delivers to, hashed (the result names no address): lower case, without
 * a `+tag`, and for Gmail without dots (which it ignores). Addresses that differ only so are one
 * mailbox, for a referral's reward and for how many mails a day a password reset sends it.
 */
export function mailboxHash(email: string): string {
  const [local = '', domain = ''] = email.trim().toLowerCase().split(/@(?=[^@]*$)/);
  const gmail = domain === 'gmail.com' || domain === 'googlemail.com';
  const box = local.replace(/\+.*$/, '');
  const mailbox = `${gmail ? box.replaceAll('.', '') : box}@${gmail ? 'gmail.com' : domain}`;
  return createHash('sha256').update(mailbox).digest('hex');
}
