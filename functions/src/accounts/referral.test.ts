import { describe, expect, it } from 'vitest';
import { mailboxKey } from './referral';

describe('mailboxKey', () => {
  it('is the same for the spellings that reach one mailbox', () => {
    expect(mailboxKey('Mail.Box+promo@Example.test')).toBe(mailboxKey('mail.box@example.test'));
    expect(mailboxKey(' j.doe+1@gmail.com ')).toBe(mailboxKey('jdoe@googlemail.com'));
  });

  it('differs between mailboxes, and names no address', () => {
    expect(mailboxKey('mail.box@example.test')).not.toBe(mailboxKey('mailbox@example.test'));
    expect(mailboxKey('a@one.test')).not.toBe(mailboxKey('a@two.test'));
    expect(mailboxKey('a@one.test')).toMatch(/^referral-mailbox:[0-9a-f]{64}$/);
  });
});
