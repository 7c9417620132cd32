import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignMailId } from '../../functions/src/mail/campaigns';
import { deliverMail } from '../../functions/src/mail/deliver';
import { COL } from '../../functions/src/platform/firestore/collections';
import { makeAdmin } from './contest-fixtures';
import { callWithDeps, signUp, startHarness, withOverrides, type Harness } from './harness';

/**
 * A profile's address is the account's address of record; Firebase Auth counts for it only where
 * its record is that very address. Firebase's public API lets a user move their Auth address
 * (verify-and-change to a mailbox they can read, or accounts:update unverified): from an outside
 * review, which farmed referrals with the referrer's own mailbox, had campaigns mailed to
 * addresses nobody verified and reset codes mailed to another address than the one asked for.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const verified = (who: { token: string }) => h.call('POST', '/api/accounts/email-verified', { token: who.token, body: {} });
const balanceOf = async (who: { token: string }) => (await h.call('GET', '/api/me', { token: who.token })).body.balance as number;
const mailsTo = async (uid: string, topic: string) => (await h.db.collection(COL.mail).where('toUids', 'array-contains', uid).get()).docs.filter((d) => d.get('topic') === topic);
const count = async (col: string) => (await h.db.collection(col).count().get()).data().count;

describe('the referral reward', () => {
  it('pays nothing for referees who moved their Auth address to the referrer’s mailbox and verified it there: 409, nothing written', async () => {
    const referrer = await signUp(h, 'farm_ref', { email: 'farm.ref@example.test' });
    const referees = [];
    for (const n of [1, 2, 3]) {
      const referee = await signUp(h, `farm_throwaway${n}`, { referral_code: 'farm_ref' });
      // The verify-and-change link goes to the new address: the referrer's inbox.
      h.auth.changeEmail(referee.uid, `farm.ref+${n}@example.test`, 'verify-and-change');
      referees.push(referee);
    }
    const [ledger, keys] = [await count(COL.ledger), await count(COL.ledgerKeys)];
    for (const referee of referees) {
      // Reported several times at once, as the app and a script might.
      const answers = await Promise.all([verified(referee), verified(referee)]);
      for (const a of answers) expect(a).toMatchObject({ status: 409, body: { error: { message: 'Your email address is not verified yet' } } });
      expect((await h.db.collection(COL.referrals).doc(referee.uid).get()).get('status')).toBe('pending');
    }
    expect(await balanceOf(referrer)).toBe(50);
    expect([await count(COL.ledger), await count(COL.ledgerKeys)]).toEqual([ledger, keys]);
  });

  it('still pays for a friend who verified the address they signed up with (in another case than Auth keeps it)', async () => {
    const referrer = await signUp(h, 'fair_ref');
    const friend = await signUp(h, 'fair_friend', { referral_code: 'fair_ref', email: 'Fair.Friend@Example.test' });
    h.auth.users.get(friend.uid)!.email = 'fair.friend@example.test';
    h.auth.verifyEmail(friend.uid);
    expect((await verified(friend)).body).toEqual({ verified: true, referral: 'rewarded' });
    expect(await balanceOf(referrer)).toBe(60);
  });

  it('pays nothing at a first Google sign-in whose token still names the address the Auth record was moved from', async () => {
    const referrer = await signUp(h, 'gmove_ref');
    h.auth.users.set('gmove_uid', { email: 'gmove@gmail.test', password: '', name: 'G Move', verified: true, provider: 'google.com' });
    // A token from before the move (it stays valid for up to an hour).
    const stale = withOverrides(h.auth, { verifyIdToken: async () => ({ uid: 'gmove_uid', email: 'gmove@gmail.test', name: 'G Move', provider: 'google.com' }) });
    h.auth.changeEmail('gmove_uid', 'gmove.ref+g@example.test', 'verify-and-change');
    const res = await callWithDeps({ ...h.deps, auth: stale }, 'POST', '/api/accounts/ensure-profile', { token: 'test:gmove_uid', body: { referral_code: 'gmove_ref' } });
    expect(res.status).toBe(201);
    expect((await h.db.collection(COL.referrals).doc('gmove_uid').get()).get('status')).toBe('pending');
    expect((await verified({ token: 'test:gmove_uid' })).status).toBe(409);
    expect(await balanceOf(referrer)).toBe(50);
  });
});

describe('the verification mail', () => {
  it('is refused (409, nothing written) when the Auth address was moved: its link would verify another address than it is mailed to', async () => {
    const user = await signUp(h, 'resend_moved');
    h.auth.changeEmail(user.uid, 'somewhere.else@example.test', 'update');
    const [mail, limits] = [await count(COL.mail), await count(COL.rateLimits)];
    const res = await h.call('POST', '/api/accounts/verification-email', { token: user.token, body: {} });
    expect(res).toMatchObject({ status: 409, body: { error: { message: 'Your sign-in email is not your account’s email address' } } });
    expect([await count(COL.mail), await count(COL.rateLimits)]).toEqual([mail, limits]);
    // Verifying the moved address does not make the account's verified either.
    h.auth.verifyEmail(user.uid);
    expect((await h.call('POST', '/api/accounts/verification-email', { token: user.token, body: {} })).status).toBe(409);
    expect((await verified(user)).status).toBe(409);
  });
});

describe('campaigns', () => {
  it('go to verified profile addresses only: not to one whose account verified another address instead', async () => {
    const admin = await signUp(h, 'camp_admin');
    h.auth.verifyEmail(admin.uid);
    await makeAdmin(h.db, admin.uid);
    const reader = await signUp(h, 'camp_reader');
    h.auth.verifyEmail(reader.uid);
    // Signed up with an address nobody verified, then verified a mailbox of its own instead.
    const moved = await signUp(h, 'camp_moved', { email: 'not.mine@example.test' });
    h.auth.changeEmail(moved.uid, 'camp_moved+own@example.test', 'verify-and-change');

    const created = await h.call('POST', '/api/cms/email/campaigns', { token: admin.token, body: { subject: 'News', body: 'Hello {{username}}' } });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    let progress = created.body;
    while (!progress.done) progress = (await h.call('POST', `/api/cms/email/campaigns/${id}/send`, { token: admin.token, body: {} })).body;

    const ids = new Set((await h.db.collection(COL.mail).get()).docs.map((d) => d.id));
    expect(ids.has(campaignMailId(id, reader.uid))).toBe(true);
    expect(ids.has(campaignMailId(id, admin.uid))).toBe(true);
    expect(ids.has(campaignMailId(id, moved.uid))).toBe(false);
    expect((await deliverMail(h.deps, campaignMailId(id, reader.uid))).outcome).toBe('sent');
    expect(h.mailer.sent.at(-1)!.to).toEqual(['camp_reader@example.test']);
  });
});

describe('the password-reset mail', () => {
  const ask = (email: string) => h.call('POST', '/api/accounts/password-reset', { body: { email } });

  it.each(['verify-and-change', 'update'] as const)(
    'is not sent to the profile’s address when the reset is asked for the Auth address it was moved to (%s): 202, no mail',
    async (how) => {
      const user = await signUp(h, `reset_moved_${how.slice(0, 6)}`);
      const signIn = `reset.box+${how.slice(0, 6)}@example.test`;
      h.auth.changeEmail(user.uid, signIn, how);
      const mail = await count(COL.mail);
      expect(await ask(signIn)).toMatchObject({ status: 202, body: { queued: true } });
      expect(await count(COL.mail)).toBe(mail);
      // Nor does asking for the profile's address reach the account: no Auth account has it now.
      expect((await ask(`reset_moved_${how.slice(0, 6)}@example.test`)).status).toBe(202);
      expect(await count(COL.mail)).toBe(mail);
    },
  );

  it('is sent to the account’s address when that is its sign-in address', async () => {
    const user = await signUp(h, 'reset_plain');
    expect((await ask('Reset_Plain@example.test')).status).toBe(202);
    const [mail] = await mailsTo(user.uid, 'password_reset');
    expect((await deliverMail(h.deps, mail!.id)).outcome).toBe('sent');
    expect(h.mailer.sent.at(-1)).toMatchObject({ to: ['reset_plain@example.test'], subject: 'Reset your Fool Rate password' });
  });
});
