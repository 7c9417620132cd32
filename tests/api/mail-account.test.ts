import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../common/rate-limits';
import { deliverMail, UNSUBSCRIBED_ERROR } from '../../functions/src/mail/deliver';
import { COL } from '../../functions/src/platform/firestore/collections';
import { enqueueMail, type MailDoc } from '../../functions/src/platform/mail/mail';
import { makeAdmin } from './contest-fixtures';
import { signUp, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const mailsTo = async (uid: string) =>
  (await h.db.collection(COL.mail).where('toUids', 'array-contains', uid).get()).docs.map((d) => ({ id: d.id, ...(d.data() as MailDoc) }));
const sentTo = (email: string) => h.mailer.sent.filter((m) => m.to.includes(email));
const linkOf = (text: string) => {
  const url = new URL(/https?:\/\/\S+\/unsubscribe\?\S+/.exec(text)![0]);
  return { u: url.searchParams.get('u')!, t: url.searchParams.get('t')! };
};

describe('mail at sign-up', () => {
  it('queues the welcome mail and the verification mail with Firebase’s link; both render and go out', async () => {
    const { uid } = await signUp(h, 'mail_new');
    const mails = await mailsTo(uid);
    expect(mails.map((m) => m.topic).sort()).toEqual(['verification', 'welcome']);
    expect(mails.every((m) => m.kind === 'account' && m.delivery.state === 'PENDING')).toBe(true);
    for (const m of mails) expect((await deliverMail(h.deps, m.id)).outcome).toBe('sent');

    const [verification] = sentTo('mail_new@example.test').filter((m) => m.subject === 'Verify your email for Fool Rate');
    expect(verification!.text).toContain('mode=verifyEmail');
    expect(verification!.text).toContain(encodeURIComponent(`${h.deps.env.appUrl}/welcome?verified=1`));
    expect(verification!.html).toContain('mode=verifyEmail');
    const [welcome] = sentTo('mail_new@example.test').filter((m) => m.subject === 'Welcome to Fool Rate, mail_new!');
    expect(welcome!.text).toContain('with a signup bonus of 50 tokens');
    expect(welcome!.text).toContain(`${h.deps.env.appUrl}/mail_new`);
    expect(welcome!.headers?.['List-Unsubscribe']).toBeUndefined();
    // Nobody referred this account: no word of a referrer's reward, and no gap where it would be.
    expect(verification!.text).not.toContain('referred');
    expect(verification!.text).toContain(`\n\nIf you did not sign up, you can ignore this email.`);
    expect(verification!.text).not.toMatch(/\n{3,}/);
  });

  it('tells a referred account that its referrer is rewarded once the address is verified, in the first mail and a new one', async () => {
    const { uid, token } = await signUp(h, 'mail_referred', { referral_code: 'mail_new' });
    expect((await h.call('POST', '/api/accounts/verification-email', { token, body: {} })).status).toBe(202);
    const verifications = (await mailsTo(uid)).filter((m) => m.topic === 'verification');
    expect(verifications).toHaveLength(2);
    for (const m of verifications) expect((await deliverMail(h.deps, m.id)).outcome).toBe('sent');
    const sent = sentTo('mail_referred@example.test').filter((m) => m.subject === 'Verify your email for Fool Rate');
    expect(sent).toHaveLength(2);
    for (const m of sent) {
      expect(m.text).toContain('\n\nOnce it is verified, whoever referred you gets their reward.\n\nIf you did not sign up');
      expect(m.html).toContain('whoever referred you gets their reward.');
    }
  });

  it('a new verification mail on request until the address is verified, then 409', async () => {
    const { uid, token } = await signUp(h, 'mail_resend');
    expect((await h.call('POST', '/api/accounts/verification-email', { body: {} })).status).toBe(401);
    expect((await h.call('POST', '/api/accounts/verification-email', { token, body: { x: 1 } })).status).toBe(400);
    const again = await h.call('POST', '/api/accounts/verification-email', { token, body: {} });
    expect(again.status).toBe(202);
    expect((await mailsTo(uid)).filter((m) => m.topic === 'verification')).toHaveLength(2);
    h.auth.verifyEmail(uid);
    const done = await h.call('POST', '/api/accounts/verification-email', { token, body: {} });
    expect(done).toMatchObject({ status: 409, body: { error: { message: 'Your email address is already verified' } } });
  });
});

describe('campaign mail and unsubscribing', () => {
  const campaign = (uid: string, subject: string) =>
    enqueueMail(h.db, null, { toUids: [uid], kind: 'campaign', topic: 'campaign', message: { subject, text: 'News from Fool Rate.' } }, h.clock.now);

  it('carries an unsubscribe link and one-click List-Unsubscribe headers; following it stops campaign mail, not account mail', async () => {
    const { uid } = await signUp(h, 'mail_unsub');
    const email = 'mail_unsub@example.test';
    expect((await deliverMail(h.deps, await campaign(uid, 'Spring news'))).outcome).toBe('sent');
    const first = sentTo(email).find((m) => m.subject === 'Spring news')!;
    expect(first.text).toContain('Unsubscribe from these emails:');
    expect(first.html).toContain('>Unsubscribe</a>');
    expect(first.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    const { u, t } = linkOf(first.text);
    expect(u).toBe(uid);
    expect(first.headers!['List-Unsubscribe']).toBe(`<${h.deps.env.appUrl}/api/mail/unsubscribe?u=${u}&t=${t}>`);

    // A wrong token or a malformed body writes nothing.
    expect((await h.call('POST', '/api/mail/unsubscribe', { body: { u, t: 'x'.repeat(32) } })).status).toBe(404);
    expect((await h.call('POST', '/api/mail/unsubscribe', { body: { u, t: 42 } })).status).toBe(400);
    expect((await h.call('POST', '/api/mail/unsubscribe', { body: { u, t, admin: true } })).status).toBe(400);
    expect((await h.db.collection(COL.mailPrefs).doc(uid).get()).get('campaigns')).toBe(true);

    expect(await h.call('POST', '/api/mail/unsubscribe', { body: { u, t } })).toMatchObject({ status: 200, body: { subscribed: false } });
    const refused = await deliverMail(h.deps, await campaign(uid, 'Summer news'));
    expect(refused).toMatchObject({ outcome: 'failed', error: UNSUBSCRIBED_ERROR, retryAt: null });
    expect(sentTo(email).some((m) => m.subject === 'Summer news')).toBe(false);
    const account = await enqueueMail(h.db, null, { toUids: [uid], kind: 'account', topic: 'test', message: { subject: 'Your order', text: 'Still sent.' } });
    expect((await deliverMail(h.deps, account)).outcome).toBe('sent');

    // Back on from the page.
    expect(await h.call('POST', '/api/mail/unsubscribe', { body: { u, t, subscribe: true } })).toMatchObject({ status: 200, body: { subscribed: true } });
    expect((await deliverMail(h.deps, await campaign(uid, 'Autumn news'))).outcome).toBe('sent');
  });

  it('one-click unsubscribe: a form POST to the List-Unsubscribe address (RFC 8058)', async () => {
    const { uid } = await signUp(h, 'mail_oneclick');
    await deliverMail(h.deps, await campaign(uid, 'One-click news'));
    const mail = sentTo('mail_oneclick@example.test').find((m) => m.subject === 'One-click news')!;
    const target = /^<(.+)>$/.exec(mail.headers!['List-Unsubscribe']!)![1]!;
    const path = target.slice(h.deps.env.appUrl.length);
    const res = await h.call('POST', path, { raw: 'List-Unsubscribe=One-Click', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(res).toMatchObject({ status: 200, body: { subscribed: false } });
    expect((await h.db.collection(COL.mailPrefs).doc(uid).get()).get('campaigns')).toBe(false);
  });

  it('the List-Unsubscribe address opened in a browser (GET) changes nothing and sends the person to the page that asks', async () => {
    const { uid } = await signUp(h, 'mail_getlink');
    await deliverMail(h.deps, await campaign(uid, 'Browser news'));
    const mail = sentTo('mail_getlink@example.test').find((m) => m.subject === 'Browser news')!;
    const target = /^<(.+)>$/.exec(mail.headers!['List-Unsubscribe']!)![1]!;
    const res = await fetch(h.url(target.slice(h.deps.env.appUrl.length)), { redirect: 'manual' });
    const { u, t } = linkOf(mail.text);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${h.deps.env.appUrl}/unsubscribe?u=${encodeURIComponent(u)}&t=${encodeURIComponent(t)}`);
    expect((await h.db.collection(COL.mailPrefs).doc(uid).get()).get('campaigns')).toBe(true);
    // A damaged link too: the page says it is not valid.
    const damaged = await fetch(h.url('/api/mail/unsubscribe?u=x'), { redirect: 'manual' });
    expect(damaged.status).toBe(303);
    expect(damaged.headers.get('location')).toBe(`${h.deps.env.appUrl}/unsubscribe?u=x&t=`);
  });
});

describe('mail request limits (the defaults)', () => {
  it('new verification mails and test mails are limited per user, unsubscribe requests per IP', async () => {
    const limited = await startHarness({ env: { rateLimits: DEFAULT_RATE_LIMITS } });
    try {
      const { token } = await signUp(limited, 'mail_limits');
      // New verification mails: a few a day, whatever the hour (the address may belong to someone else).
      expect(DEFAULT_RATE_LIMITS.verification_mail.max).toBeLessThan(DEFAULT_RATE_LIMITS.mail_send.max);
      // One that Firebase fails to make (no mail goes out) does not use up one of the day's.
      vi.spyOn(limited.auth, 'emailVerificationLink').mockRejectedValueOnce(Object.assign(new Error('unavailable'), { code: 'auth/internal-error' }));
      const failed = await limited.call('POST', '/api/accounts/verification-email', { token, body: {} });
      expect(failed).toMatchObject({ status: 503, body: { error: { message: 'Could not send the verification email. Try again later.' } } });
      for (let i = 0; i < DEFAULT_RATE_LIMITS.verification_mail.max; i++)
        expect((await limited.call('POST', '/api/accounts/verification-email', { token, body: {} })).status).toBe(202);
      expect((await limited.call('POST', '/api/accounts/verification-email', { token, body: {} })).status).toBe(429);
      limited.clock.now += 2 * 3600_000;
      const tooMany = await limited.call('POST', '/api/accounts/verification-email', { token, body: {} });
      expect(tooMany).toMatchObject({ status: 429, body: { error: { message: expect.stringMatching(/^Too many requests\. Please try again in \d+ (hours|minutes)\.$/) } } });
      limited.clock.now += 86_400_000;
      expect((await limited.call('POST', '/api/accounts/verification-email', { token, body: {} })).status).toBe(202);
      // Valid links never count (the people behind one mail provider or office all get through); wrong ones do.
      const reader = await signUp(limited, 'mail_limits_reader');
      const news = await enqueueMail(limited.db, null, { toUids: [reader.uid], kind: 'campaign', topic: 'campaign', message: { subject: 'Limits news', text: 'News.' } }, limited.clock.now);
      await deliverMail(limited.deps, news);
      const { u, t } = linkOf(limited.mailer.sent.find((m) => m.subject === 'Limits news')!.text);
      for (let i = 0; i <= DEFAULT_RATE_LIMITS.mail_link.max; i++)
        expect((await limited.call('POST', '/api/mail/unsubscribe', { body: { u, t, subscribe: i % 2 === 1 } })).status).toBe(200);
      const bad = { u: 'someone', t: 'y'.repeat(32) };
      for (let i = 0; i < DEFAULT_RATE_LIMITS.mail_link.max; i++) expect((await limited.call('POST', '/api/mail/unsubscribe', { body: bad })).status).toBe(404);
      expect((await limited.call('POST', '/api/mail/unsubscribe', { body: bad })).status).toBe(429);
      // From there on, this address is refused even a right link until the window ends.
      expect((await limited.call('POST', '/api/mail/unsubscribe', { body: { u, t } })).status).toBe(429);
      // An admin's test mails share the per-user limit.
      const admin = await signUp(limited, 'mail_limits_admin');
      await makeAdmin(limited.db, admin.uid);
      for (let i = 0; i < DEFAULT_RATE_LIMITS.mail_send.max; i++) expect((await limited.call('POST', '/api/cms/email/test', { token: admin.token, body: {} })).status).toBe(200);
      expect((await limited.call('POST', '/api/cms/email/test', { token: admin.token, body: {} })).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
