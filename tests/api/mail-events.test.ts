import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render } from '../../functions/src/mail/deliver';
import { formatMailTime } from '../../functions/src/accounts/account-mail';
import type { MailDoc } from '../../functions/src/platform/mail/mail';
import { makeAdmin } from './contest-fixtures';
import { startHarness, TEST_APP_URL, type Harness } from './harness';
import { act, buy, listTrack, setCashTag, uploadProof, users, type User } from './order-fixtures';
import { addRadioSubmission } from './radio-fixtures';

/**
 * The account mail written at events (a role granted, a Cash App order moving on, a radio
 * submission approved or scheduled): one mail document per change, to the user who must hear of
 * it, with data that fills its template; nothing for a refused request.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const DAY = 86_400_000;
let n = 0;
const uname = (prefix: string) => `${prefix}${n++}`;

/** Every mail document addressed to `uid` after their sign-up mail (welcome, verification), oldest first. */
async function mailsTo(uid: string): Promise<MailDoc[]> {
  const snap = await h.db.collection('mail').where('toUids', 'array-contains', uid).get();
  const signupMail = new Set(['welcome', 'verification']);
  return snap.docs
    .map((d) => d.data() as MailDoc)
    .filter((m) => !signupMail.has(m.topic ?? ''))
    .sort((a, b) => a.created_at.toMillis() - b.created_at.toMillis());
}

/** The one mail to `uid`: its template and data as written, and the message as the sender renders it. */
async function onlyMailTo(user: User, template: string) {
  const mails = await mailsTo(user.uid);
  expect(mails.map((m) => m.template?.name)).toEqual([template]);
  const mail = mails[0]!;
  expect(mail).toMatchObject({ toUids: [user.uid], kind: 'account', topic: template, delivery: { state: 'PENDING', attempts: 0 } });
  const out = await render(h.deps, mail);
  expect(out.text).not.toContain('{{');
  expect(out.subject).not.toContain('{{');
  return { data: mail.template!.data, out };
}

const roles = (token: string, body: { user_id: string; role: 'admin' | 'super_admin'; action: 'grant' | 'revoke' }) =>
  h.call('POST', '/api/admin/roles', { token, body });

describe('Admin Invite', () => {
  it('mails the user once when a super admin grants admin, again for super admin; not on a repeat or a revoke', async () => {
    const bossName = uname('boss');
    const targetName = uname('target');
    const [boss, target] = await users(h, bossName, targetName);
    await makeAdmin(h.db, boss.uid, 'super_admin');

    expect((await roles(boss.token, { user_id: target.uid, role: 'admin', action: 'grant' })).status).toBe(200);
    const { data, out } = await onlyMailTo(target, 'admin_invite');
    expect(data).toEqual({ role: 'an admin', granted_by: bossName });
    expect(out.to).toEqual([`${targetName}@example.test`]);
    expect(out.subject).toBe('You are now an admin on Fool Rate');
    expect(out.text).toContain(`${bossName} has made you an admin on Fool Rate`);
    expect(out.text).toContain(`${TEST_APP_URL}/cms`);

    // The same grant again changes nothing and mails nothing; neither does a revoke.
    expect((await roles(boss.token, { user_id: target.uid, role: 'admin', action: 'grant' })).status).toBe(200);
    expect((await roles(boss.token, { user_id: target.uid, role: 'admin', action: 'revoke' })).status).toBe(200);
    expect(await mailsTo(target.uid)).toHaveLength(1);

    h.clock.now += 1000;
    expect((await roles(boss.token, { user_id: target.uid, role: 'super_admin', action: 'grant' })).status).toBe(200);
    const mails = await mailsTo(target.uid);
    expect(mails.map((m) => m.template)).toEqual([
      { name: 'admin_invite', data: { role: 'an admin', granted_by: bossName } },
      { name: 'admin_invite', data: { role: 'a super admin', granted_by: bossName } },
    ]);
    expect((await render(h.deps, mails[1]!)).subject).toBe('You are now a super admin on Fool Rate');
    // A super admin given 'admin' as well already had its powers: no invite.
    expect((await roles(boss.token, { user_id: target.uid, role: 'admin', action: 'grant' })).status).toBe(200);
    expect(await mailsTo(target.uid)).toHaveLength(2);
  });

  it('mails nothing when the grant is refused', async () => {
    const [mod, target] = await users(h, uname('mod'), uname('target'));
    await makeAdmin(h.db, mod.uid, 'admin');
    expect((await roles(mod.token, { user_id: target.uid, role: 'admin', action: 'grant' })).status).toBe(403);
    expect((await roles(target.token, { user_id: target.uid, role: 'super_admin', action: 'grant' })).status).toBe(403);
    expect(await mailsTo(target.uid)).toEqual([]);
  });

  it('writes one invite when the same grant is sent at once many times', async () => {
    const bossName = uname('boss');
    const [boss, target] = await users(h, bossName, uname('target'));
    await makeAdmin(h.db, boss.uid, 'super_admin');
    const results = await Promise.all(Array.from({ length: 5 }, () => roles(boss.token, { user_id: target.uid, role: 'admin', action: 'grant' })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    await onlyMailTo(target, 'admin_invite');
  });
});

describe('Cash App orders', () => {
  async function cashListing() {
    const sellerName = uname('seller');
    const buyerName = uname('buyer');
    const [seller, buyer, stranger] = await users(h, sellerName, buyerName, uname('stranger'));
    const { track, listing } = await listTrack(h, seller, { accept_cash_app: true, price_usd: 4.5, listing_type: 'featured', version_type: 'full' });
    expect((await setCashTag(h, seller, '$MailSeller')).status).toBe(200);
    return { seller, buyer, stranger, sellerName, buyerName, track, listing };
  }

  it('mails the buyer how to pay, the seller the proof, the buyer the approval: one mail each', async () => {
    const { seller, buyer, stranger, sellerName, buyerName, track, listing } = await cashListing();
    const created = await buy(h, buyer, listing.id, 'CASH_APP');
    expect(created.status).toBe(201);
    const orderId = created.body.order.id as string;

    const made = await onlyMailTo(buyer, 'order_created');
    const expiresAt = formatMailTime(h.clock.now + DAY);
    expect(expiresAt).toMatch(/^2 Mar 2026, 12:0\d UTC$/);
    expect(made.data).toEqual({
      track_title: track.title,
      license: 'Featured licence, full version',
      price: '$4.50',
      cash_tag: '$MailSeller',
      expires_at: expiresAt,
      order_url: `${TEST_APP_URL}/orders`,
    });
    expect(made.out.text).toContain(`Send the payment to $MailSeller on Cash App`);
    expect(made.out.text).toContain(`before ${expiresAt}:`);
    expect(await mailsTo(seller.uid)).toEqual([]);

    // Refused: a second order, a proof from the wrong people, an approval by the buyer.
    expect((await buy(h, buyer, listing.id, 'CASH_APP')).status).toBe(409);
    expect((await uploadProof(h, seller, orderId)).status).toBe(403);
    expect((await uploadProof(h, stranger, orderId)).status).toBe(404);
    expect((await act(h, buyer, orderId, 'approve')).status).toBe(403);
    expect(await mailsTo(buyer.uid)).toHaveLength(1);
    expect(await mailsTo(seller.uid)).toEqual([]);
    expect(await mailsTo(stranger.uid)).toEqual([]);

    expect((await uploadProof(h, buyer, orderId)).status).toBe(200);
    const proof = await onlyMailTo(seller, 'order_proof');
    expect(proof.data).toEqual({ buyer: buyerName, price: '$4.50', track_title: track.title, order_url: `${TEST_APP_URL}/orders` });
    expect(proof.out.text).toContain(`${buyerName} uploaded the proof of their Cash App payment ($4.50)`);
    expect((await uploadProof(h, buyer, orderId)).status).toBe(409);
    expect(await mailsTo(seller.uid)).toHaveLength(1);

    h.clock.now += 1000;
    expect((await act(h, seller, orderId, 'approve')).status).toBe(200);
    const buyerMails = await mailsTo(buyer.uid);
    expect(buyerMails.map((m) => m.template?.name)).toEqual(['order_created', 'order_approved']);
    expect(buyerMails[1]!.template!.data).toEqual({ seller: sellerName, track_title: track.title, order_url: `${TEST_APP_URL}/orders` });
    expect((await render(h.deps, buyerMails[1]!)).text).toContain(`${sellerName} confirmed your payment for "${track.title}"`);

    // Nothing more once it is decided.
    expect((await act(h, seller, orderId, 'approve')).status).toBe(409);
    expect((await act(h, seller, orderId, 'reject')).status).toBe(409);
    expect(await mailsTo(buyer.uid)).toHaveLength(2);
    expect(await mailsTo(seller.uid)).toHaveLength(1);
  });

  it('mails the buyer when the seller rejects', async () => {
    const { seller, buyer, sellerName, track, listing } = await cashListing();
    const orderId = (await buy(h, buyer, listing.id, 'CASH_APP')).body.order.id as string;
    h.clock.now += 1000;
    expect((await act(h, seller, orderId, 'reject')).status).toBe(200);
    const mails = await mailsTo(buyer.uid);
    expect(mails.map((m) => m.template?.name)).toEqual(['order_created', 'order_rejected']);
    expect(mails[1]!.template!.data).toEqual({ seller: sellerName, track_title: track.title, order_url: `${TEST_APP_URL}/orders` });
    expect((await render(h.deps, mails[1]!)).subject).toBe(`Your order for "${track.title}" was rejected`);
    expect(await mailsTo(seller.uid)).toEqual([]);
  });

  it('mails nothing for a token purchase, an order past its deadline, or a replayed Idempotency-Key', async () => {
    const { seller, buyer, listing } = await cashListing();
    const headers = { 'Idempotency-Key': `mail-${listing.id}` };
    const first = await buy(h, buyer, listing.id, 'CASH_APP', headers);
    const again = await buy(h, buyer, listing.id, 'CASH_APP', headers);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body.order.id).toBe(first.body.order.id);
    await onlyMailTo(buyer, 'order_created');

    // Past its deadline the approval is refused (the order expires) and nobody is mailed.
    const saved = h.clock.now;
    h.clock.now += 2 * DAY;
    expect((await act(h, seller, first.body.order.id, 'approve')).status).toBe(409);
    h.clock.now = saved;
    expect(await mailsTo(buyer.uid)).toHaveLength(1);
    expect(await mailsTo(seller.uid)).toEqual([]);

    const tokens = await listTrack(h, seller, { accept_tokens: true });
    const [tokenBuyer] = await users(h, uname('tokbuyer'));
    expect((await buy(h, tokenBuyer, tokens.listing.id, 'TOKENS')).status).toBe(201);
    expect(await mailsTo(tokenBuyer.uid)).toEqual([]);
    expect(await mailsTo(seller.uid)).toEqual([]);
  });
});

describe('Radio submissions', () => {
  async function adminAndOwner() {
    const [admin, owner] = await users(h, uname('radmin'), uname('owner'));
    await makeAdmin(h.db, admin.uid);
    return { admin, owner };
  }
  const cms = (u: User, id: string, action: string, body: unknown = {}) => h.call('POST', `/api/cms/radio/${id}/${action}`, { token: u.token, body });

  it('mails the submitter once when their submission is approved or rejected (with its refund); nothing on a refusal', async () => {
    const { admin, owner } = await adminAndOwner();
    const music = await addRadioSubmission(h, owner, 'music');
    expect((await cms(owner, music.id, 'approve')).status).toBe(403);
    expect(await mailsTo(owner.uid)).toEqual([]);

    expect((await cms(admin, music.id, 'approve')).status).toBe(200);
    const { data, out } = await onlyMailTo(owner, 'radio_approved');
    expect(data).toEqual({ title: music.track_title });
    expect(out.subject).toBe(`"${music.track_title}" is approved for Fool Rate Radio`);
    expect(out.text).toContain(`${TEST_APP_URL}/my-tracks`);
    expect((await cms(admin, music.id, 'approve')).status).toBe(409);
    expect((await cms(admin, music.id, 'reject')).status).toBe(409);
    expect(await mailsTo(owner.uid)).toHaveLength(1);

    const other = await adminAndOwner();
    const ad = await addRadioSubmission(h, other.owner, 'advertisement');
    expect((await cms(admin, ad.id, 'reject')).status).toBe(200);
    const rejected = await onlyMailTo(other.owner, 'radio_rejected');
    expect(rejected.data).toEqual({ title: ad.track_title, refund: `The ${ad.payment_amount} tokens it cost are back in your balance.` });
    expect(rejected.out.subject).toBe(`"${ad.track_title}" will not air on Fool Rate Radio`);
    expect(rejected.out.text).toContain('was not accepted for Fool Rate Radio. The');
    expect((await cms(admin, ad.id, 'reject')).status).toBe(409);
    expect(await mailsTo(other.owner.uid)).toHaveLength(1);
  });

  it('mails the submitter the broadcast time, in UTC, when it is scheduled', async () => {
    const { admin, owner } = await adminAndOwner();
    const ad = await addRadioSubmission(h, owner, 'advertisement', { status: 'uploaded', sftp_uploaded: true });
    const pending = await addRadioSubmission(h, owner, 'music');

    expect((await cms(admin, pending.id, 'schedule', { scheduled_broadcast_time: '2026-03-05T20:00:00Z' })).status).toBe(409);
    expect((await cms(admin, ad.id, 'schedule', { scheduled_broadcast_time: '2026-02-01T20:00:00Z' })).status).toBe(400);
    expect((await cms(owner, ad.id, 'schedule', { scheduled_broadcast_time: '2026-03-05T20:00:00Z' })).status).toBe(403);
    expect(await mailsTo(owner.uid)).toEqual([]);

    expect((await cms(admin, ad.id, 'schedule', { scheduled_broadcast_time: '2026-03-05T21:30:00+01:00' })).status).toBe(200);
    const { data, out } = await onlyMailTo(owner, 'radio_scheduled');
    expect(data).toEqual({ title: 'Pizza Palace', scheduled_at: '5 Mar 2026, 20:30 UTC' });
    expect(out.subject).toBe('"Pizza Palace" airs on Fool Rate Radio on 5 Mar 2026, 20:30 UTC');
    expect((await cms(admin, ad.id, 'schedule', { scheduled_broadcast_time: '2026-03-06T20:00:00Z' })).status).toBe(409);
    expect(await mailsTo(owner.uid)).toHaveLength(1);
  });
});
