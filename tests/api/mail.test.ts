import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COL } from '../../functions/src/platform/firestore/collections';
import { deliverDueMail, deliverMail } from '../../functions/src/mail/deliver';
import { DEFAULT_DELIVERY_POLICY, enqueueMail, type MailDoc } from '../../functions/src/platform/mail/mail';
import { startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ seed: false });
});
afterAll(() => h.close());
beforeEach(() => {
  h.mailer.fail = null;
  h.mailer.hold = null;
});

const doc = async (id: string) => (await h.db.collection(COL.mail).doc(id).get()).data() as MailDoc;
const hello = (to = 'ann@example.test') => ({ to, message: { subject: 'Hello', text: 'Hi there', html: '<p>Hi there</p>' } });
const sentTo = (addr: string) => h.mailer.sent.filter((m) => m.to.includes(addr)).length;

describe('enqueueMail', () => {
  it('writes a PENDING message in the extension shape, once per id', async () => {
    const id = await enqueueMail(h.db, null, { id: 'welcome-u1', ...hello() }, h.clock.now);
    expect(id).toBe('welcome-u1');
    await enqueueMail(h.db, null, { id: 'welcome-u1', to: 'other@example.test', message: { subject: 'X', text: 'Y' } }, h.clock.now);
    const d = await doc(id);
    expect(d.to).toBe('ann@example.test');
    expect(d.message).toEqual(hello().message);
    expect(d.delivery).toMatchObject({ state: 'PENDING', attempts: 0, error: null, info: null, leaseExpireTime: null });
  });

  it('in a transaction: an id already written is left alone', async () => {
    await enqueueMail(h.db, null, { id: 'tx-1', ...hello('tx@example.test') });
    await h.db.runTransaction((tx) => enqueueMail(h.db, tx, { id: 'tx-1', ...hello('changed@example.test') }));
    const fresh = await h.db.runTransaction((tx) => enqueueMail(h.db, tx, hello('new@example.test')));
    expect((await doc('tx-1')).to).toBe('tx@example.test');
    expect((await doc(fresh)).delivery.state).toBe('PENDING');
  });
});

describe('deliverMail', () => {
  it('sends a message and records SUCCESS with what the server said; never sends it again', async () => {
    const id = await enqueueMail(h.db, null, hello('ok@example.test'), h.clock.now);
    const out = await deliverMail(h.deps, id);
    expect(out.outcome).toBe('sent');
    const d = await doc(id);
    expect(d.delivery).toMatchObject({ state: 'SUCCESS', attempts: 1, error: null, leaseExpireTime: null });
    expect(d.delivery.info?.accepted).toEqual(['ok@example.test']);
    expect(d.delivery.endTime?.toMillis()).toBe(h.clock.now);
    expect(await deliverMail(h.deps, id)).toEqual({ outcome: 'skipped', reason: 'delivered' });
    expect(sentTo('ok@example.test')).toBe(1);
    const sent = h.mailer.sent.find((m) => m.to.includes('ok@example.test'))!;
    expect(sent).toMatchObject({ subject: 'Hello', text: 'Hi there', html: '<p>Hi there</p>' });
  });

  it('an SMTP failure leaves ERROR with the error and attempts 1; a retry after the backoff delivers it once', async () => {
    const id = await enqueueMail(h.db, null, hello('flaky@example.test'), h.clock.now);
    h.mailer.fail = '421 Service not available';
    const out = await deliverMail(h.deps, id);
    expect(out).toMatchObject({ outcome: 'failed', attempts: 1, retryAt: h.clock.now + DEFAULT_DELIVERY_POLICY.backoffMs });
    let d = await doc(id);
    expect(d.delivery).toMatchObject({ state: 'ERROR', attempts: 1, error: '421 Service not available', leaseExpireTime: null });
    expect(d.delivery.nextAttemptTime?.toMillis()).toBe(h.clock.now + DEFAULT_DELIVERY_POLICY.backoffMs);

    h.mailer.fail = null;
    expect(await deliverMail(h.deps, id)).toEqual({ outcome: 'skipped', reason: 'backoff' });
    h.clock.now += DEFAULT_DELIVERY_POLICY.backoffMs;
    expect((await deliverMail(h.deps, id)).outcome).toBe('sent');
    expect((await deliverMail(h.deps, id)).outcome).toBe('skipped');
    d = await doc(id);
    expect(d.delivery).toMatchObject({ state: 'SUCCESS', attempts: 2, error: null });
    expect(sentTo('flaky@example.test')).toBe(1);
  });

  it('backs off exponentially and gives up after maxAttempts, keeping the message', async () => {
    const policy = { ...DEFAULT_DELIVERY_POLICY, maxAttempts: 3 };
    const id = await enqueueMail(h.db, null, hello('down@example.test'), h.clock.now);
    h.mailer.fail = 'connection refused';
    const waits: Array<number | null> = [];
    for (let i = 0; i < 3; i++) {
      const out = await deliverMail(h.deps, id, policy);
      if (out.outcome !== 'failed') throw new Error(`attempt ${i + 1}: ${JSON.stringify(out)}`);
      waits.push(out.retryAt === null ? null : out.retryAt - h.clock.now);
      h.clock.now += 10 * DEFAULT_DELIVERY_POLICY.backoffMs;
    }
    expect(waits).toEqual([60_000, 120_000, null]);
    expect(await deliverMail(h.deps, id, policy)).toEqual({ outcome: 'skipped', reason: 'gave-up' });
    expect((await doc(id)).delivery).toMatchObject({ state: 'ERROR', attempts: 3, error: 'connection refused', nextAttemptTime: null });
  });

  it('concurrent deliveries of one message send it once', async () => {
    const id = await enqueueMail(h.db, null, hello('race@example.test'), h.clock.now);
    let release!: () => void;
    h.mailer.hold = new Promise((r) => (release = r));
    const runs = Array.from({ length: 5 }, () => deliverMail(h.deps, id));
    // The claim is a transaction: once the winner waits in send(), the others have been turned away.
    await h.mailer.sending();
    release();
    const outcomes = (await Promise.all(runs)).map((o) => o.outcome);
    expect(outcomes.filter((o) => o === 'sent')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'skipped')).toHaveLength(4);
    expect(sentTo('race@example.test')).toBe(1);
    expect((await doc(id)).delivery).toMatchObject({ state: 'SUCCESS', attempts: 1 });
  });

  it('a PROCESSING message is left alone while leased and claimed again once the lease expires', async () => {
    const id = await enqueueMail(h.db, null, hello('crash@example.test'), h.clock.now);
    // A sender that claimed it and died: PROCESSING with a lease, nothing sent.
    await h.db.collection(COL.mail).doc(id).update({
      'delivery.state': 'PROCESSING',
      'delivery.attempts': 1,
      'delivery.leaseId': 'dead-sender',
      'delivery.leaseExpireTime': new Date(h.clock.now + DEFAULT_DELIVERY_POLICY.leaseMs),
    });
    expect(await deliverMail(h.deps, id)).toEqual({ outcome: 'skipped', reason: 'leased' });
    h.clock.now += DEFAULT_DELIVERY_POLICY.leaseMs + 1;
    expect((await deliverMail(h.deps, id)).outcome).toBe('sent');
    expect((await doc(id)).delivery).toMatchObject({ state: 'SUCCESS', attempts: 2, leaseId: null });
    expect(sentTo('crash@example.test')).toBe(1);
  });

  it('a stale sender that fails after its lease was taken over does not overwrite the outcome', async () => {
    const id = await enqueueMail(h.db, null, hello('slow@example.test'), h.clock.now);
    let release!: () => void;
    h.mailer.hold = new Promise((r) => (release = r));
    h.mailer.fail = 'timeout';
    const slow = deliverMail(h.deps, id);
    await h.mailer.sending();
    // Its lease expires; another sender delivers the message meanwhile.
    h.clock.now += DEFAULT_DELIVERY_POLICY.leaseMs + 1;
    h.mailer.hold = null;
    h.mailer.fail = null;
    expect((await deliverMail(h.deps, id)).outcome).toBe('sent');
    h.mailer.fail = 'timeout';
    release();
    expect((await slow).outcome).toBe('failed');
    expect((await doc(id)).delivery).toMatchObject({ state: 'SUCCESS', attempts: 2 });
  });

  it("renders a template: the admin's edit in mail_templates wins, values are escaped in the html part", async () => {
    await h.db.collection(COL.mailTemplates).doc('coupon').set({ subject: 'Code {{code}}', body: 'Hi {{username}}, take {{code}}.\n\n{{app_url}}/welcome' });
    const id = await enqueueMail(h.db, null, {
      to: 'tpl@example.test',
      template: { name: 'coupon', data: { username: 'Ann <b>', code: 'X&Y', tokens: 5 } },
    });
    expect((await deliverMail(h.deps, id)).outcome).toBe('sent');
    const sent = h.mailer.sent.find((m) => m.to.includes('tpl@example.test'))!;
    expect(sent.subject).toBe('Code X&Y');
    expect(sent.text).toContain(`Hi Ann <b>, take X&Y.\n\n${h.deps.env.appUrl}/welcome`);
    expect(sent.html).toContain('Hi Ann &#60;b&#62;, take X&#38;Y.');
    expect(sent.html).toContain(`href="${h.deps.env.appUrl}/welcome"`);
    await h.db.collection(COL.mailTemplates).doc('coupon').delete();
  });

  it('a default template is used until an admin edits it; a missing value fails the message', async () => {
    const ok = await enqueueMail(h.db, null, { to: 'def@example.test', template: { name: 'coupon', data: { username: 'Bo', code: 'C1', tokens: 9 } } });
    expect((await deliverMail(h.deps, ok)).outcome).toBe('sent');
    expect(h.mailer.sent.find((m) => m.to.includes('def@example.test'))!.subject).toBe('A gift from Fool Rate: 9 free tokens');
    const holey = await enqueueMail(h.db, null, { to: 'hole@example.test', template: { name: 'coupon', data: { username: 'Bo' } } });
    expect(await deliverMail(h.deps, holey)).toMatchObject({ outcome: 'failed', error: 'Mail template value missing: tokens' });
  });

  it('an unknown template is an error on the message (retried, not lost)', async () => {
    const id = await enqueueMail(h.db, null, { to: 'nope@example.test', template: { name: 'missing', data: {} } });
    expect(await deliverMail(h.deps, id)).toMatchObject({ outcome: 'failed', error: 'Unknown mail template: missing', attempts: 1 });
    expect((await doc(id)).delivery.state).toBe('ERROR');
  });

  it('without a mailer nothing is claimed', async () => {
    const id = await enqueueMail(h.db, null, hello('later@example.test'));
    expect(await deliverMail({ ...h.deps, mailer: null }, id)).toEqual({ outcome: 'skipped', reason: 'no-mailer' });
    expect((await doc(id)).delivery).toMatchObject({ state: 'PENDING', attempts: 0 });
    expect(await deliverMail(h.deps, 'no-such-id')).toEqual({ outcome: 'skipped', reason: 'missing' });
  });
});


describe('deliverDueMail (the sweep)', () => {
  it('delivers what is due: new messages and failed ones whose backoff is over, never a delivered one again', async () => {
    const a = await enqueueMail(h.db, null, hello('sweep-a@example.test'), h.clock.now);
    const b = await enqueueMail(h.db, null, hello('sweep-b@example.test'), h.clock.now + 1);
    h.mailer.fail = '451 Try again later';
    expect(await deliverMail(h.deps, b)).toMatchObject({ outcome: 'failed', attempts: 1 });
    h.mailer.fail = null;
    h.clock.now += 2;
    expect((await deliverDueMail(h.deps)).sent).toBeGreaterThanOrEqual(1);
    expect((await doc(a)).delivery.state).toBe('SUCCESS');
    expect((await doc(b)).delivery.state).toBe('ERROR');
    h.clock.now += DEFAULT_DELIVERY_POLICY.backoffMs;
    await deliverDueMail(h.deps);
    await deliverDueMail(h.deps);
    expect(sentTo('sweep-a@example.test')).toBe(1);
    expect(sentTo('sweep-b@example.test')).toBe(1);
    expect((await doc(b)).delivery).toMatchObject({ state: 'SUCCESS', attempts: 2 });
  });
});
