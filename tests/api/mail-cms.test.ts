import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_BATCH, EMAIL_MSG, type CampaignProgress, type EmailLogEntry } from '../../common/email-messages';
import { campaignMailId } from '../../functions/src/mail/campaigns';
import { deliverMail } from '../../functions/src/mail/deliver';
import { TEMPLATES } from '../../functions/src/mail/templates';
import { COL } from '../../functions/src/platform/firestore/collections';
import type { MailDoc } from '../../functions/src/platform/mail/mail';
import { makeAdmin } from './contest-fixtures';
import { startHarness, type Harness } from './harness';

let h: Harness;
const ADMIN = 'admin_mail';
const PLAIN = 'plain_mail';
const adminToken = `test:${ADMIN}`;
const plainToken = `test:${PLAIN}`;
/** Bulk users (uids u0000…), written straight to Firestore. */
const BULK = 998;

const profile = (uid: string, email: string | null) => ({ id: uid, username: uid, email, created_at: '2026-01-01T00:00:00.000Z' });

/** Profiles straight to Firestore, each with an Auth account (its address verified unless told). */
async function writeProfiles(rows: Array<{ uid: string; email: string | null; verified?: boolean }>) {
  for (const r of rows) h.auth.users.set(r.uid, { email: r.email ?? '', password: 'secret123', name: r.uid, verified: r.verified !== false });
  for (let i = 0; i < rows.length; i += 400) {
    const batch = h.db.batch();
    for (const r of rows.slice(i, i + 400)) batch.set(h.db.collection(COL.profiles).doc(r.uid), profile(r.uid, r.email));
    await batch.commit();
  }
}

const bulkUid = (i: number) => `u${String(i).padStart(4, '0')}`;

beforeAll(async () => {
  h = await startHarness();
  await writeProfiles([
    { uid: ADMIN, email: 'boss@example.test' },
    { uid: PLAIN, email: 'plain@example.test' },
  ]);
  await makeAdmin(h.db, ADMIN);
}, 60_000);
afterAll(() => h.close());

const asAdmin = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => h.call(method, path, { token: adminToken, body, headers });
const count = async (col: string) => (await h.db.collection(col).count().get()).data().count;
const campaignMail = async (campaignId: string) => (await h.db.collection(COL.mail).get()).docs.filter((d) => d.id.startsWith(`campaign-${campaignId}-`));

async function runCampaign(id: string): Promise<CampaignProgress> {
  for (let i = 0; i < 100; i++) {
    const res = await asAdmin('POST', `/api/cms/email/campaigns/${id}/send`, {});
    expect(res.status).toBe(200);
    if (res.body.done) return res.body as CampaignProgress;
  }
  throw new Error('campaign never finished');
}

describe('who may use it', () => {
  const routes: Array<[string, string, unknown?]> = [
    ['POST', '/api/cms/email/test', {}],
    ['POST', '/api/cms/email/campaigns', { subject: 'Hi', body: 'There' }],
    ['POST', '/api/cms/email/campaigns/coupon', { code: 'X' }],
    ['POST', '/api/cms/email/campaigns/abc/send', {}],
    ['GET', '/api/cms/email/logs'],
    ['GET', '/api/cms/email/templates'],
    ['POST', '/api/cms/email/templates/welcome', { subject: 'a', body: 'b' }],
    ['POST', '/api/cms/email/templates/welcome/reset', {}],
    ['POST', '/api/cms/email/templates/welcome/preview', { subject: 'a', body: 'b' }],
  ];
  it('a signed-in non-admin gets 403 and a signed-out caller 401; nothing is written', async () => {
    const before = await count(COL.mail);
    for (const [method, path, body] of routes) {
      expect((await h.call(method, path, { token: plainToken, body })).status, `${method} ${path}`).toBe(403);
      expect((await h.call(method, path, { body })).status, `${method} ${path}`).toBe(401);
    }
    expect(await count(COL.mail)).toBe(before);
    expect(await count(COL.mailCampaigns)).toBe(0);
    expect(await count(COL.mailTemplates)).toBe(0);
  });
});

describe('test email and logs', () => {
  it('enqueues a test message to the admin, and the logs show it first, with the recipient', async () => {
    h.clock.now += 1000;
    const res = await asAdmin('POST', '/api/cms/email/test', {});
    expect(res.status).toBe(200);
    expect(res.body.to).toBe('boss@example.test');
    const doc = (await h.db.collection(COL.mail).doc(res.body.id).get()).data() as MailDoc;
    expect(doc).toMatchObject({ toUids: [ADMIN], kind: 'account', topic: 'test', message: { subject: EMAIL_MSG.testSubject } });
    expect(doc.delivery.state).toBe('PENDING');

    await deliverMail(h.deps, res.body.id);
    const logs = await asAdmin('GET', '/api/cms/email/logs');
    expect(logs.status).toBe(200);
    const first = logs.body.items[0] as EmailLogEntry;
    expect(first).toMatchObject({ id: res.body.id, recipients: ['@admin_mail <boss@example.test>'], topic: 'test', kind: 'account', subject: EMAIL_MSG.testSubject, state: 'SUCCESS', attempts: 1, error: null });
    expect(h.mailer.sent.at(-1)?.to).toEqual(['boss@example.test']);
  });

  it('pages newest first, 25 a page, with errors and template labels', async () => {
    const col = h.db.collection(COL.mail);
    for (let i = 0; i < 30; i++) {
      h.clock.now += 1000;
      await asAdmin('POST', '/api/cms/email/test', {});
    }
    h.clock.now += 1000;
    const { enqueueMail } = await import('../../functions/src/platform/mail/mail');
    const failing = await enqueueMail(h.db, null, { to: 'x@example.test', topic: 'welcome', template: { name: 'welcome', data: {} } }, h.clock.now);
    await col.doc(failing).update({ 'delivery.state': 'ERROR', 'delivery.error': '550 No such user', 'delivery.attempts': 2 });

    const page1 = await asAdmin('GET', '/api/cms/email/logs');
    expect(page1.body.items).toHaveLength(25);
    expect(page1.body.items[0]).toMatchObject({ id: failing, recipients: ['x@example.test'], subject: TEMPLATES.welcome.label, state: 'ERROR', error: '550 No such user', attempts: 2 });
    expect(page1.body.next).toEqual(expect.any(String));
    const page2 = await asAdmin('GET', `/api/cms/email/logs?cursor=${encodeURIComponent(page1.body.next)}`);
    expect(page2.status).toBe(200);
    const all = [...page1.body.items, ...page2.body.items] as EmailLogEntry[];
    expect(all).toHaveLength(32);
    expect(page2.body.next).toBeNull();
    expect(new Set(all.map((e) => e.id)).size).toBe(32);
    const times = all.map((e) => Date.parse(e.created_at!));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    for (const bad of ['nope', 'e30', Buffer.from('{"s":-1,"n":0,"id":"x"}').toString('base64url')]) {
      expect((await asAdmin('GET', `/api/cms/email/logs?cursor=${bad}`)).status).toBe(400);
    }
  });
});

describe('templates', () => {
  it('lists every template with its placeholders', async () => {
    const res = await asAdmin('GET', '/api/cms/email/templates');
    expect(res.status).toBe(200);
    expect(res.body.items.map((t: { name: string }) => t.name)).toEqual(Object.keys(TEMPLATES));
    const welcome = res.body.items.find((t: { name: string }) => t.name === 'welcome');
    expect(welcome).toMatchObject({ label: 'Welcome Email', use: 'Sent to new users after signup', edited: false, subject: TEMPLATES.welcome.subject });
    expect(welcome.placeholders).toEqual(expect.arrayContaining(['username', 'app_url', 'balance', 'affiliate_link']));
  });

  it('previews with the sample data, saves (audited), is used by the sender, and resets', async () => {
    const edit = { subject: 'Hello {{username}}!', body: 'You have {{balance}} tokens.\n\n{{app_url}}/vote' };
    const preview = await asAdmin('POST', '/api/cms/email/templates/welcome/preview', edit);
    expect(preview.status).toBe(200);
    expect(preview.body.subject).toBe('Hello listener42!');
    expect(preview.body.text).toContain('You have 25 tokens.');
    expect(preview.body.html).toContain('<html');
    // The links are this deployment's, as the sender writes them, not the sample's domain.
    const coupon = await asAdmin('POST', '/api/cms/email/templates/coupon/preview', { subject: TEMPLATES.coupon.subject, body: TEMPLATES.coupon.body });
    expect(coupon.status).toBe(200);
    expect(coupon.body.text).not.toContain('foolrate.example');
    expect(coupon.body.text).toContain(h.deps.env.appUrl);
    // A required placeholder kept in the subject counts too.
    expect((await asAdmin('POST', '/api/cms/email/templates/verification/preview', { subject: 'Open {{link}}', body: 'Hi' })).status).toBe(200);

    const saved = await asAdmin('POST', '/api/cms/email/templates/welcome', edit);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name: 'welcome', edited: true, subject: edit.subject, body: edit.body });
    const audit = await h.db.collection(COL.auditLog).where('action', '==', 'mail.template').get();
    expect(audit.size).toBe(1);
    expect(audit.docs[0]!.get('actor_id')).toBe(ADMIN);

    const { enqueueMail } = await import('../../functions/src/platform/mail/mail');
    const id = await enqueueMail(h.db, null, { toUids: [PLAIN], topic: 'welcome', template: { name: 'welcome', data: { balance: 7 } } }, h.clock.now);
    expect((await deliverMail(h.deps, id)).outcome).toBe('sent');
    expect(h.mailer.sent.at(-1)).toMatchObject({ subject: 'Hello plain_mail!' });

    const reset = await asAdmin('POST', '/api/cms/email/templates/welcome/reset', {});
    expect(reset.body).toMatchObject({ edited: false, subject: TEMPLATES.welcome.subject });
    expect((await h.db.collection(COL.mailTemplates).doc('welcome').get()).exists).toBe(false);
  });

  it('refuses unknown names, unknown placeholders and bad bodies with 400, writing nothing', async () => {
    const cases: Array<[string, unknown, string?]> = [
      ['/api/cms/email/templates/nope', { subject: 'a', body: 'b' }, EMAIL_MSG.templateUnknown],
      ['/api/cms/email/templates/constructor', { subject: 'a', body: 'b' }, EMAIL_MSG.templateUnknown],
      ['/api/cms/email/templates/welcome', { subject: 'Hi {{password}}', body: 'b' }, 'Unknown placeholder {{password}}'],
      ['/api/cms/email/templates/welcome/preview', { subject: 'Hi', body: '{{ code }}' }, 'Unknown placeholder {{code}}'],
      ['/api/cms/email/templates/welcome', { subject: 'x'.repeat(201), body: 'b' }, EMAIL_MSG.subjectTooLong],
      ['/api/cms/email/templates/welcome', { subject: 'a', body: 'b'.repeat(20_001) }, EMAIL_MSG.bodyTooLong],
      ['/api/cms/email/templates/welcome', { subject: '   ', body: 'b' }, EMAIL_MSG.subjectRequired],
      ['/api/cms/email/templates/welcome', { subject: 'Hi\r\nBcc: x@evil.test', body: 'b' }, EMAIL_MSG.subjectOneLine],
      // An edit must keep what the mail is sent for: the verification link, the coupon code, the order page.
      ['/api/cms/email/templates/verification', { subject: 'Verify', body: 'Hi {{username}}, welcome. No link here.' }, 'Keep {{link}} in the email'],
      ['/api/cms/email/templates/verification/preview', { subject: 'Verify', body: 'Hi {{username}}' }, 'Keep {{link}} in the email'],
      ['/api/cms/email/templates/coupon', { subject: 'A gift', body: 'Hi {{username}}, {{tokens}} tokens for you' }, 'Keep {{code}} in the email'],
      ['/api/cms/email/templates/order_created', { subject: 'Pay', body: 'Pay at {{order_url}}' }, 'Keep {{cash_tag}} in the email'],
      ['/api/cms/email/templates/welcome', { subject: 'a', body: 'b', extra: 1 }],
      ['/api/cms/email/templates/welcome', [1, 2]],
      ['/api/cms/email/templates/welcome/reset', { x: 1 }],
    ];
    const audits = await count(COL.auditLog);
    for (const [path, body, message] of cases) {
      const res = await asAdmin('POST', path, body);
      expect(res.status, path).toBe(400);
      if (message) expect(res.body.error.message).toContain(message);
    }
    expect(await count(COL.mailTemplates)).toBe(0);
    expect(await count(COL.auditLog)).toBe(audits);
  });
});

describe('Email All Users', () => {
  beforeAll(async () => {
    await writeProfiles(Array.from({ length: BULK }, (_, i) => ({ uid: bulkUid(i), email: `${bulkUid(i)}@example.test` })));
  }, 60_000);

  it('refuses bad bodies with 400 and writes nothing', async () => {
    const mail = await count(COL.mail);
    for (const body of [{}, { subject: 'Hi' }, { subject: '', body: 'x' }, { subject: 'Hi\nBcc: x@evil.test', body: 'x' }, { subject: 'x'.repeat(201), body: 'x' }, { subject: 'a', body: 'x'.repeat(20_001) }, { subject: 1, body: 'x' }, 'text', null]) {
      const res = await asAdmin('POST', '/api/cms/email/campaigns', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await asAdmin('POST', '/api/cms/email/campaigns', { subject: 'a', body: 'b' }, { 'Idempotency-Key': 'a b' })).status).toBe(400);
    expect((await asAdmin('POST', '/api/cms/email/campaigns/nope/send', {})).status).toBe(404);
    expect(await count(COL.mailCampaigns)).toBe(0);
    expect(await count(COL.mail)).toBe(mail);
  });

  it('a campaign to 1,000 users writes exactly 1,000 messages; a retried batch writes no duplicate', { timeout: 120_000 }, async () => {
    const created = await asAdmin('POST', '/api/cms/email/campaigns', { subject: '  Big news  ', body: 'We have a radio now.' }, { 'Idempotency-Key': 'news-1' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ processed: 0, total: BULK + 2, queued: 0, skipped: 0, done: false });
    const id = created.body.id as string;
    // The same key: the same campaign, not a second one.
    const again = await asAdmin('POST', '/api/cms/email/campaigns', { subject: 'Big news', body: 'We have a radio now.' }, { 'Idempotency-Key': 'news-1' });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(id);
    expect(await count(COL.mailCampaigns)).toBe(1);

    const first = await asAdmin('POST', `/api/cms/email/campaigns/${id}/send`, {});
    expect(first.body).toMatchObject({ processed: CAMPAIGN_BATCH, queued: CAMPAIGN_BATCH, skipped: 0, done: false });
    expect(await campaignMail(id)).toHaveLength(CAMPAIGN_BATCH);
    const ref = h.db.collection(COL.mailCampaigns).doc(id);
    const afterFirst = (await ref.get()).get('cursor') as string;

    // The second batch sent twice at once (a double click, a retry racing the first try).
    const [a, b] = await Promise.all([asAdmin('POST', `/api/cms/email/campaigns/${id}/send`, {}), asAdmin('POST', `/api/cms/email/campaigns/${id}/send`, {})]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await campaignMail(id)).toHaveLength(2 * CAMPAIGN_BATCH);

    // A call that wrote its messages and died before moving the cursor: the batch runs again.
    const saved = (await ref.get()).data()!;
    expect(saved).toMatchObject({ processed: 2 * CAMPAIGN_BATCH, queued: 2 * CAMPAIGN_BATCH });
    await ref.update({ cursor: afterFirst, processed: CAMPAIGN_BATCH, queued: CAMPAIGN_BATCH });
    const retried = await asAdmin('POST', `/api/cms/email/campaigns/${id}/send`, {});
    expect(retried.body).toMatchObject({ processed: 2 * CAMPAIGN_BATCH, queued: 2 * CAMPAIGN_BATCH });
    expect((await ref.get()).get('cursor')).toBe(saved.cursor);
    expect(await campaignMail(id)).toHaveLength(2 * CAMPAIGN_BATCH);

    const done = await runCampaign(id);
    expect(done).toMatchObject({ processed: BULK + 2, total: BULK + 2, queued: BULK + 2, skipped: 0, done: true });
    const docs = await campaignMail(id);
    expect(docs).toHaveLength(1000);
    expect(new Set(docs.map((d) => (d.data() as MailDoc).toUids![0])).size).toBe(1000);
    const one = docs.find((d) => d.id === campaignMailId(id, bulkUid(7)))!.data() as MailDoc;
    expect(one).toMatchObject({ toUids: [bulkUid(7)], kind: 'campaign', topic: 'campaign', message: { subject: 'Big news', text: 'We have a radio now.' } });
    expect(one.message!.html).toBeUndefined();

    // Sending a finished campaign again changes nothing.
    const after = await asAdmin('POST', `/api/cms/email/campaigns/${id}/send`, {});
    expect(after.body).toEqual(done);
    expect(await campaignMail(id)).toHaveLength(1000);
    const audit = await h.db.collection(COL.auditLog).where('action', '==', 'mail.campaign').get();
    expect(audit.size).toBe(1);

    // The sender adds the unsubscribe footer.
    expect((await deliverMail(h.deps, campaignMailId(id, bulkUid(7)))).outcome).toBe('sent');
    expect(h.mailer.sent.at(-1)?.text).toContain('/unsubscribe?u=u0007');
  });

  it('unsubscribed users, unverified addresses and users without an email get none (counted as skipped); {{username}} is each reader’s', { timeout: 120_000 }, async () => {
    const off = [3, 250, 251, 997].map(bulkUid);
    for (const uid of off) await h.db.collection(COL.mailPrefs).doc(uid).set({ campaigns: false, token: 't', updated_at: '2026-01-01T00:00:00.000Z' });
    // Anyone can sign up with anyone's address: only a verified one takes campaign mail.
    await writeProfiles([
      { uid: 'zz_noemail', email: null },
      { uid: 'zz_unverified', email: 'someone.else@example.test', verified: false },
    ]);
    const created = await asAdmin('POST', '/api/cms/email/campaigns', { subject: 'Second, {{ username }}', body: 'Hello again, {{username}}! {{other}}' });
    const done = await runCampaign(created.body.id);
    expect(done).toMatchObject({ processed: 1002, queued: 996, skipped: 6, done: true });
    const docs = await campaignMail(created.body.id);
    expect(docs).toHaveLength(996);
    const ids = new Set(docs.map((d) => d.id));
    for (const uid of [...off, 'zz_noemail', 'zz_unverified']) expect(ids.has(campaignMailId(created.body.id, uid))).toBe(false);
    const one = docs.find((d) => d.id === campaignMailId(created.body.id, bulkUid(5)))!.data() as MailDoc;
    expect(one.message).toMatchObject({ subject: 'Second, u0005', text: 'Hello again, u0005! {{other}}' });
  });
});

describe('Coupon Email', () => {
  beforeAll(async () => {
    const coupons = h.db.collection(COL.coupons);
    await coupons.doc('SPRING50').set({ code: 'SPRING50', tokens: 50, active: true, max_redemptions: null, expires_at: null, redemptions: 0 });
    await coupons.doc('OFF').set({ code: 'OFF', tokens: 5, active: false, max_redemptions: null, expires_at: null, redemptions: 0 });
    await coupons.doc('OLD').set({ code: 'OLD', tokens: 5, max_redemptions: null, expires_at: '2020-01-01T00:00:00.000Z', redemptions: 0 });
    await coupons.doc('FULL').set({ code: 'FULL', tokens: 5, max_redemptions: 2, expires_at: null, redemptions: 2 });
  });

  it('refuses an unknown, inactive, expired or used-up coupon with a clear 400', async () => {
    const campaigns = await count(COL.mailCampaigns);
    const cases: Array<[unknown, string]> = [
      [{ code: 'NOPE' }, EMAIL_MSG.couponUnknown('NOPE')],
      [{ code: 'off' }, EMAIL_MSG.couponInactive('OFF')],
      [{ code: 'OLD' }, EMAIL_MSG.couponExpired('OLD')],
      [{ code: 'FULL' }, EMAIL_MSG.couponUsedUp('FULL')],
    ];
    for (const [body, message] of cases) {
      const res = await asAdmin('POST', '/api/cms/email/campaigns/coupon', body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    for (const body of [{}, { code: '' }, { code: 5 }, { code: 'A', x: 1 }]) expect((await asAdmin('POST', '/api/cms/email/campaigns/coupon', body)).status).toBe(400);
    expect(await count(COL.mailCampaigns)).toBe(campaigns);
  });

  it('mails the coupon template to every subscribed, verified user who has not redeemed it yet', { timeout: 120_000 }, async () => {
    await h.db.collection(COL.couponRedemptions).doc(`SPRING50:${bulkUid(9)}`).set({ user_id: bulkUid(9), code: 'SPRING50', tokens: 50, redeemed_at: '2026-01-01T00:00:00.000Z' });
    const created = await asAdmin('POST', '/api/cms/email/campaigns/coupon', { code: ' spring50 ' });
    expect(created.status).toBe(201);
    const done = await runCampaign(created.body.id);
    expect(done).toMatchObject({ queued: 995, skipped: 7, done: true });
    expect((await h.db.collection(COL.mail).doc(campaignMailId(created.body.id, bulkUid(9))).get()).exists).toBe(false);
    const mailId = campaignMailId(created.body.id, bulkUid(8));
    const doc = (await h.db.collection(COL.mail).doc(mailId).get()).data() as MailDoc;
    expect(doc).toMatchObject({ kind: 'campaign', topic: 'coupon', template: { name: 'coupon', data: { code: 'SPRING50', tokens: '50' } } });
    expect((await deliverMail(h.deps, mailId)).outcome).toBe('sent');
    expect(h.mailer.sent.at(-1)).toMatchObject({ subject: 'A gift from Fool Rate: 50 free tokens' });
    expect(h.mailer.sent.at(-1)?.text).toContain('SPRING50');
  });
});
