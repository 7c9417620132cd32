import type { DocumentReference, Firestore, Transaction } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callWithDeps, ledgerInvariant, signUp, signUpMany, startHarness, withOverrides, type Harness } from './harness';

let h: Harness;
const verified = (who: { token: string }) => h.call('POST', '/api/accounts/email-verified', { token: who.token, body: {} });
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe('sign-up', () => {
  it('creates the profile with 50 tokens, a signup_grant entry and 7 free voting days', async () => {
    const { uid, token, body } = await signUp(h, 'Alice_One');
    expect(body).toMatchObject({ username: 'alice_one', balance: 50 });
    const me = await h.call('GET', '/api/me', { token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ balance: 50, roles: ['user'], last_grant_date: null });
    expect(me.body.profile).toMatchObject({ username: 'alice_one', migration_status: 'pre_migration', wallet_address: null });
    expect(Date.parse(me.body.profile.free_voting_until) - h.clock.now).toBe(7 * 86_400_000);
    const ledger = await h.db.collection('token_ledger').where('user_id', '==', uid).get();
    expect(ledger.docs.map((d) => [d.get('reason'), d.get('delta')])).toEqual([['signup_grant', 50]]);
  });

  it('refuses a taken username with 409 "Username already taken" and leaves no auth user behind', async () => {
    await signUp(h, 'bobby');
    const usersBefore = h.auth.users.size;
    const res = await h.call('POST', '/api/accounts/signup', {
      body: { username: 'BOBBY', email: 'other@example.test', password: 'secret123' },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('Username already taken');
    expect(h.auth.users.size).toBe(usersBefore);
  });

  it('refuses a taken email with 409 "Email already in use", naming the email field for the form, and writes no profile', async () => {
    await signUp(h, 'mailtaken1');
    const profiles = (await h.db.collection('profiles').get()).size;
    const res = await h.call('POST', '/api/accounts/signup', { body: { username: 'mailtaken2', email: 'mailtaken1@example.test', password: 'secret123' } });
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({ code: 'conflict', message: 'Email already in use', field: 'email' });
    expect((await h.db.collection('profiles').get()).size).toBe(profiles);
    expect((await h.db.collection('usernames').doc('mailtaken2').get()).exists).toBe(false);
  });

  it("refuses a page's name as a username (its referral link would open the page): 409 'Username already taken'", async () => {
    for (const name of ['vote', 'Terms', 'cms', 'api', 'privacy', 'welcome', 'unsubscribe']) {
      const res = await h.call('POST', '/api/accounts/signup', { body: { username: name, email: `${name.toLowerCase()}_page@example.test`, password: 'secret123' } });
      expect([res.status, res.body.error?.message]).toEqual([409, 'Username already taken']);
    }
    expect((await h.db.collection('usernames').doc('vote').get()).exists).toBe(false);
  });

  it('lets exactly one of many concurrent sign-ups claim a username', async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        h.call('POST', '/api/accounts/signup', {
          body: { username: 'racer', email: `racer${i}@example.test`, password: 'secret123' },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(11);
    const profiles = await h.db.collection('profiles').where('username', '==', 'racer').get();
    expect(profiles.size).toBe(1);
    const racerEmails = [...h.auth.users.values()].filter((u) => u.email.startsWith('racer'));
    expect(racerEmails).toHaveLength(1);
  });

  it('rejects usernames that are too short or empty after normalising', async () => {
    const empty = await h.call('POST', '/api/accounts/signup', { body: { username: '!!!', email: 'e@example.test', password: 'secret123' } });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toContain('Username is required');
    const short = await h.call('POST', '/api/accounts/signup', { body: { username: 'ab', email: 'f@example.test', password: 'secret123' } });
    expect(short.status).toBe(400);
    expect(await h.db.collection('profiles').where('email', 'in', ['e@example.test', 'f@example.test']).get()).toHaveProperty('size', 0);
  });

  it('pays the referrer 10 tokens only once the friend verifies their email, once, never for themselves', async () => {
    const ref = await signUp(h, 'referrer');
    const f1 = await signUp(h, 'friend1', { referral_code: 'Referrer' });
    const f2 = await signUp(h, 'friend2', { referral_code: 'referrer' });
    expect((await h.call('GET', '/api/me', { token: ref.token })).body.balance).toBe(50);

    // Not verified yet: refused, nothing paid.
    const early = await verified(f1);
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe('Your email address is not verified yet');
    expect((await h.call('GET', '/api/me', { token: ref.token })).body.balance).toBe(50);

    h.auth.verifyEmail(f1.uid);
    expect((await verified(f1)).body).toEqual({ verified: true, referral: 'rewarded' });
    expect((await verified(f1)).body).toEqual({ verified: true, referral: 'rewarded' });
    h.auth.verifyEmail(f2.uid);
    await verified(f2);
    expect((await h.call('GET', '/api/me', { token: ref.token })).body.balance).toBe(70);

    const self = await h.call('POST', '/api/accounts/signup', {
      body: { username: 'selfref', email: 'selfref@example.test', password: 'secret123', referral_code: 'selfref' },
    });
    expect(self.body.balance).toBe(50);
    h.auth.verifyEmail(self.body.uid);
    expect((await verified({ token: `test:${self.body.uid}` })).body.referral).toBe('none');
    const rewards = await h.db.collection('token_ledger').where('reason', '==', 'referral_reward').get();
    expect(rewards.docs.map((d) => d.get('user_id'))).toEqual([ref.uid, ref.uid]);
  });

  it('pays a referral once per mailbox: an account deleted and made again with the same address (or a +tag of it) earns nothing', async () => {
    const ref = await signUp(h, 'mbox_ref');
    const first = await signUp(h, 'mbox_one', { referral_code: 'mbox_ref', email: 'Mail.Box@example.test' });
    h.auth.verifyEmail(first.uid);
    expect((await verified(first)).body.referral).toBe('rewarded');
    // The user deletes their own login (Firebase's public API allows it) and signs up again.
    await h.auth.deleteUser(first.uid);
    const again = await signUp(h, 'mbox_two', { referral_code: 'mbox_ref', email: 'mail.box@example.test' });
    h.auth.verifyEmail(again.uid);
    expect((await verified(again)).body.referral).toBe('repeat');
    const tagged = await signUp(h, 'mbox_three', { referral_code: 'mbox_ref', email: 'mail.box+more@example.test' });
    h.auth.verifyEmail(tagged.uid);
    expect((await verified(tagged)).body.referral).toBe('repeat');
    // Another mailbox still pays.
    const other = await signUp(h, 'mbox_four', { referral_code: 'mbox_ref', email: 'someone.else@example.test' });
    h.auth.verifyEmail(other.uid);
    expect((await verified(other)).body.referral).toBe('rewarded');
    expect((await h.call('GET', '/api/me', { token: ref.token })).body.balance).toBe(70);
  });

  it('pays nothing for a referral from the referrer’s own mailbox (a +tag, another case, Gmail’s dots): settled own_mailbox', async () => {
    const ref = await signUp(h, 'own_ref', { email: 'Own.Ref@gmail.com' });
    const cases = [
      ['own_alt1', 'own.ref+alt@gmail.com'],
      ['own_alt2', 'OWNREF@googlemail.com'],
    ] as const;
    for (const [username, email] of cases) {
      const alt = await signUp(h, username, { referral_code: 'own_ref', email });
      h.auth.verifyEmail(alt.uid);
      // Several reports at once settle it once, the same way.
      const answers = await Promise.all([verified(alt), verified(alt), verified(alt)]);
      expect(answers.map((a) => a.body.referral)).toEqual(['own_mailbox', 'own_mailbox', 'own_mailbox']);
      expect((await h.db.collection('referrals').doc(alt.uid).get()).get('status')).toBe('own_mailbox');
    }
    // A friend's mailbox still pays, once.
    const friend = await signUp(h, 'own_friend', { referral_code: 'own_ref', email: 'own.friend@gmail.com' });
    h.auth.verifyEmail(friend.uid);
    expect((await verified(friend)).body.referral).toBe('rewarded');
    expect((await h.call('GET', '/api/me', { token: ref.token })).body.balance).toBe(60);
    const rewards = await h.db.collection('token_ledger').where('reason', '==', 'referral_reward').where('user_id', '==', ref.uid).get();
    expect(rewards.docs.map((d) => d.get('ref'))).toEqual([friend.uid]);
  });

  it('pays a referrer once for each of many concurrent verifications, at most 20 a day', async () => {
    h.clock.now = Date.parse('2026-03-05T10:00:00Z');
    const ref = await signUp(h, 'bigref');
    const friends = await signUpMany(h, Array.from({ length: 24 }, (_, i) => `bigref_friend${i}`), { referral_code: 'bigref' });
    friends.forEach((f) => h.auth.verifyEmail(f.uid));
    // Every friend reports twice at once: each referral settles once.
    const results = await Promise.all([...friends, ...friends].map((f) => verified(f)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const statuses = await Promise.all(friends.map(async (f) => (await h.db.collection('referrals').doc(f.uid).get()).get('status') as string));
    expect(statuses.filter((st) => st === 'rewarded')).toHaveLength(20);
    expect(statuses.filter((st) => st === 'capped')).toHaveLength(4);
    expect((await h.call('GET', '/api/me', { token: ref.token })).body.balance).toBe(50 + 20 * 10);
    const keys = await h.db.collection('ledger_keys').get();
    expect(keys.docs.filter((d) => d.id.startsWith(`referral:${ref.uid}:`))).toHaveLength(20);

    // The next day, new referrals pay again.
    h.clock.now = Date.parse('2026-03-06T10:00:00Z');
    const late = await signUp(h, 'bigref_nextday', { referral_code: 'bigref' });
    h.auth.verifyEmail(late.uid);
    expect((await verified(late)).body.referral).toBe('rewarded');
    expect((await h.call('GET', '/api/me', { token: ref.token })).body.balance).toBe(50 + 21 * 10);
    h.clock.now = Date.parse('2026-03-01T12:00:00Z');
  });

  it('never overwrites a balance, roles or ledger that already exist when the account is created', async () => {
    // Tokens credited and a role granted before the profile existed (e.g. an order of events across instances).
    const uid = 'preexisting_uid_0001';
    h.auth.users.set(uid, { email: 'early@example.test', password: '', name: 'Early', provider: 'google.com' });
    await h.db.collection('user_roles').doc(uid).set({ user_id: uid, roles: ['admin'] });
    await h.db.collection('token_balances').doc(uid).set({ user_id: uid, balance: 30 });
    await h.db.collection('token_ledger').add({ user_id: uid, delta: 30, reason: 'admin_grant', ref: null, balance_after: 30, created_at: '2026-03-01T00:00:00.000Z' });
    const res = await h.call('POST', '/api/accounts/ensure-profile', { token: `test:${uid}`, body: {} });
    expect(res.status).toBe(201);
    expect(res.body.balance).toBe(80);
    const me = await h.call('GET', '/api/me', { token: `test:${uid}` });
    expect(me.body.balance).toBe(80);
    expect([...me.body.roles].sort()).toEqual(['admin', 'user']);
    const reasons = (await h.db.collection('token_ledger').where('user_id', '==', uid).get()).docs.map((d) => d.get('reason') as string);
    expect(reasons.sort()).toEqual(['admin_grant', 'signup_grant']);
    const row = (await ledgerInvariant(h.db)).find((r) => r.user === uid);
    expect(row).toEqual({ user: uid, balance: 80, sum: 80 });
  });

  it('redeems a coupon given at sign-up and reports the outcome', async () => {
    await h.db.collection('coupons').doc('WELCOME25').set({ code: 'WELCOME25', tokens: 25, max_redemptions: null, expires_at: null, redemptions: 0 });
    const ok = await signUp(h, 'couponuser', { coupon: ' welcome25 ' });
    expect(ok.body).toMatchObject({ balance: 75, coupon: { success: true } });
    const bad = await signUp(h, 'badcoupon', { coupon: 'NOPE' });
    expect(bad.body).toMatchObject({ balance: 50, coupon: { success: false, message: 'Coupon code is invalid' } });
  });

  it('a coupon that cannot be applied (its store failing) leaves the sign-up done: 201, "Failed to apply coupon code", nothing redeemed', async () => {
    await h.db.collection('coupons').doc('HOT10').set({ code: 'HOT10', tokens: 10, max_redemptions: null, expires_at: null, redemptions: 0 });
    // The same API, on a database whose transactions fail when they read a coupon (as one too
    // contended to update, or an outage, would): every other read and write works.
    const res = await callWithDeps({ ...h.deps, db: failingCouponReads(h.db) }, 'POST', '/api/accounts/signup', {
      body: { username: 'hotcoupon', email: 'hotcoupon@example.test', password: 'secret123', coupon: 'hot10' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ username: 'hotcoupon', balance: 50, coupon: { success: false, error: true, message: 'Failed to apply coupon code' } });
    // The account is there and usable; the coupon was not redeemed.
    const uid = res.body.uid as string;
    expect((await h.call('GET', '/api/me', { token: `test:${uid}` })).body).toMatchObject({ balance: 50 });
    expect((await h.db.collection('coupon_redemptions').doc(`HOT10:${uid}`).get()).exists).toBe(false);
    expect((await h.db.collection('coupons').doc('HOT10').get()).get('redemptions')).toBe(0);
  });

  it('keeps balance == sum(ledger) for everyone', async () => {
    for (const row of await ledgerInvariant(h.db)) expect(row.balance).toBe(row.sum);
  });
});

describe('username lookup and Google profiles', () => {
  it('answers whether a lower-cased username exists', async () => {
    await signUp(h, 'lookup_me');
    expect((await h.call('GET', '/api/accounts/username/LOOKUP_ME')).body).toEqual({ exists: true, username: 'lookup_me' });
    expect((await h.call('GET', '/api/accounts/username/nobody_here')).body).toEqual({ exists: false, username: 'nobody_here' });
  });

  it('creates a profile for a provider sign-in once, with a unique username', async () => {
    h.auth.users.set('googleuid1', { email: 'lookup_me@gmail.test', password: '', name: 'Lookup Me', provider: 'google.com' });
    const first = await h.call('POST', '/api/accounts/ensure-profile', { token: 'test:googleuid1', body: {} });
    expect(first.status).toBe(201);
    expect(first.body.username).toMatch(/^lookup_me\d+$/);
    expect(first.body.balance).toBe(50);
    const again = await h.call('POST', '/api/accounts/ensure-profile', { token: 'test:googleuid1', body: {} });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ created: false, username: first.body.username, balance: 50 });
  });

  it("gives a Google account whose address names a page another username, and keeps its display name on one line without direction overrides", async () => {
    h.auth.users.set('googleuid_terms', { email: 'terms@gmail.test', password: '', name: 'Evil\u202Etxt.exe\nName', provider: 'google.com' });
    const res = await h.call('POST', '/api/accounts/ensure-profile', { token: 'test:googleuid_terms', body: {} });
    expect(res.status).toBe(201);
    expect(res.body.username).toMatch(/^terms\d+$/);
    expect((await h.db.collection('profiles').doc('googleuid_terms').get()).get('full_name')).toBe('Evil txt.exe Name');
  });

  it('a first Google sign-in whose referral cannot be paid yet still succeeds; the referral is paid once the address is reported', async () => {
    const referrer = await signUp(h, 'g_referrer');
    h.auth.users.set('googleuid3', { email: 'gfriend@gmail.test', password: '', name: 'G Friend', verified: true, provider: 'google.com' });
    // Firebase Auth unreachable for the check that would pay the referrer at once.
    const authDown = withOverrides(h.auth, { emailRecord: () => Promise.reject(new Error('Firebase Auth is unreachable')) });
    const first = await callWithDeps({ ...h.deps, auth: authDown }, 'POST', '/api/accounts/ensure-profile', { token: 'test:googleuid3', body: { referral_code: 'g_referrer' } });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ created: true, balance: 50 });
    expect((await h.db.collection('referrals').doc('googleuid3').get()).get('status')).toBe('pending');
    // The welcome page reports the verified address: the referrer is paid then, once.
    expect((await h.call('POST', '/api/accounts/email-verified', { token: 'test:googleuid3', body: {} })).body).toMatchObject({ verified: true, referral: 'rewarded' });
    expect((await h.call('GET', '/api/me', { token: referrer.token })).body.balance).toBe(60);
  });

  it.each(['password', 'anonymous'])('gives no profile and no grant to an account made straight in Firebase Auth (%s): 403, nothing written', async (provider) => {
    // What Firebase Auth's public sign-up API makes, without the product's sign-up form (and its per-IP limit).
    const uid = `direct_${provider}`;
    h.auth.users.set(uid, { email: provider === 'anonymous' ? '' : `${uid}@example.test`, password: 'secret123', name: '', provider });
    const res = await h.call('POST', '/api/accounts/ensure-profile', { token: `test:${uid}`, body: {} });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: 'forbidden', message: 'Create your account with the sign-up form' });
    expect((await h.db.collection('profiles').doc(uid).get()).exists).toBe(false);
    expect((await h.db.collection('token_balances').doc(uid).get()).exists).toBe(false);
    expect((await h.db.collection('token_ledger').where('user_id', '==', uid).get()).size).toBe(0);
  });

  it('answers a password account that has its profile as before (nothing created)', async () => {
    const user = await signUp(h, 'has_profile');
    const res = await h.call('POST', '/api/accounts/ensure-profile', { token: user.token, body: {} });
    expect(res).toMatchObject({ status: 200, body: { created: false, username: 'has_profile', balance: 50 } });
  });

  it('needs a signed-in caller', async () => {
    const res = await h.call('POST', '/api/accounts/ensure-profile', { body: {} });
    expect(res.status).toBe(401);
  });
});

/** `db`, but a transaction that reads a coupon fails there with an error that is not an HTTP refusal. */
function failingCouponReads(db: Firestore): Firestore {
  const unavailable = () => Promise.reject(new Error('Firestore is unavailable'));
  const failingGets = (tx: Transaction) =>
    withOverrides(tx, { get: (ref: DocumentReference, ...rest: never[]) => (ref.path.startsWith('coupons/') ? unavailable() : (tx.get as (...a: unknown[]) => unknown)(ref, ...rest)) });
  return withOverrides(db, { runTransaction: (fn: (tx: Transaction) => Promise<unknown>, options?: object) => db.runTransaction((tx) => fn(failingGets(tx)), options) });
}
