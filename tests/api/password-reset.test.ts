import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../common/rate-limits';
import { deliverMail } from '../../functions/src/mail/deliver';
import { COL } from '../../functions/src/platform/firestore/collections';
import { signUp, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ env: { rateLimits: DEFAULT_RATE_LIMITS } });
});
afterAll(() => h.close());

/** Each test asks from an address of its own, as the per-IP limit (10 an hour) counts every ask. */
let ip = 0;
const ask = (email: unknown, from = `203.0.113.${++ip}`) => h.call('POST', '/api/accounts/password-reset', { body: { email }, headers: { 'X-Forwarded-For': from } });
const resetMails = async (uid: string) =>
  (await h.db.collection(COL.mail).where('toUids', 'array-contains', uid).get()).docs.filter((d) => d.get('topic') === 'password_reset');
const allResetMails = async () => (await h.db.collection(COL.mail).get()).docs.filter((d) => d.get('topic') === 'password_reset').length;

describe('POST /api/accounts/password-reset', () => {
  it('mails the account a link to the app’s reset page with Firebase’s code, whatever the address’s case', async () => {
    const { uid } = await signUp(h, 'reset_known');
    const res = await ask('Reset_Known@Example.test');
    expect(res).toMatchObject({ status: 202, body: { queued: true } });
    const [mail] = await resetMails(uid);
    expect((await deliverMail(h.deps, mail!.id)).outcome).toBe('sent');
    const sent = h.mailer.sent.find((m) => m.subject === 'Reset your Fool Rate password' && m.to.includes('reset_known@example.test'))!;
    const code = h.auth.resetCodes.at(-1)!;
    expect(code).toMatch(new RegExp(`^reset:${uid}:`));
    expect(sent.text).toContain(`Hi reset_known,`);
    expect(sent.text).toContain(`${h.deps.env.appUrl}/reset-password?code=${encodeURIComponent(code)}`);
    // Account mail: no unsubscribe link.
    expect(sent.headers?.['List-Unsubscribe']).toBeUndefined();
  });

  it('answers an unknown address exactly as a known one, and mails nobody', async () => {
    const before = await allResetMails();
    const res = await ask('nobody-here@example.test');
    expect(res).toMatchObject({ status: 202, body: { queued: true } });
    expect(await allResetMails()).toBe(before);
  });

  it('mails one address at most three times a day, once each under many asks at once', async () => {
    const { uid } = await signUp(h, 'reset_many');
    const answers = await Promise.all(Array.from({ length: 8 }, () => ask('reset_many@example.test')));
    expect(answers.map((a) => a.status).sort()).toEqual([202, 202, 202, 429, 429, 429, 429, 429]);
    expect(answers.find((a) => a.status === 429)!.body.error.message).toMatch(/^Too many requests\. Please try again in \d+ (hours|minutes)\.$/);
    expect(await resetMails(uid)).toHaveLength(3);
    h.clock.now += 86_400_000;
    expect((await ask('reset_many@example.test')).status).toBe(202);
    expect(await resetMails(uid)).toHaveLength(4);
  });

  it('counts an address’s +tag and Gmail dot variants as one mailbox’s three mails', async () => {
    const variants = ['reset.box@gmail.com', 'Reset.Box+1@gmail.com', 'resetbox+2@googlemail.com'];
    for (const email of variants) expect((await ask(email)).status).toBe(202);
    expect((await ask('r.e.s.e.t.b.o.x+3@gmail.com')).status).toBe(429);
    // Another mailbox of the same name at another domain is not counted with it.
    expect((await ask('resetbox@example.test')).status).toBe(202);
  });

  it('limits asks from one IP to ten an hour, for any addresses', async () => {
    const from = '198.51.100.7';
    for (let i = 0; i < DEFAULT_RATE_LIMITS.password_reset.max; i++) expect((await ask(`someone${i}@example.test`, from)).status).toBe(202);
    expect((await ask('one-more@example.test', from)).status).toBe(429);
  });

  it('a code Firebase fails to make is a 503 that mails nothing and gives the address’s allowance back', async () => {
    const { uid } = await signUp(h, 'reset_fail');
    vi.spyOn(h.auth, 'passwordResetCode').mockRejectedValueOnce(Object.assign(new Error('unavailable'), { code: 'auth/internal-error' }));
    const failed = await ask('reset_fail@example.test');
    expect(failed).toMatchObject({ status: 503, body: { error: { message: 'The reset link could not be sent. Please try again in a few minutes.' } } });
    expect(await resetMails(uid)).toHaveLength(0);
    for (let i = 0; i < DEFAULT_RATE_LIMITS.password_reset_mail.max; i++) expect((await ask('reset_fail@example.test')).status).toBe(202);
    expect(await resetMails(uid)).toHaveLength(3);
  });
});
