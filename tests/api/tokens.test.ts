import { FieldValue } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mulberry32 } from '../../scripts/lib/prng';
import { ledgerInvariant, signUp, signUpMany, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const DAY = 86_400_000;

async function ledgerOf(uid: string) {
  const snap = await h.db.collection('token_ledger').where('user_id', '==', uid).get();
  return snap.docs.map((d) => d.data() as { delta: number; reason: string; ref: string | null; balance_after: number });
}

async function balanceOf(token: string): Promise<number> {
  const me = await h.call('GET', '/api/me', { token });
  expect(me.status).toBe(200);
  return me.body.balance as number;
}

type Coupon = { tokens: number; max_redemptions?: number | null; expires_at?: string | null };
async function addCoupon(code: string, c: Coupon) {
  await h.db.collection('coupons').doc(code).set({
    code,
    tokens: c.tokens,
    max_redemptions: c.max_redemptions ?? null,
    expires_at: c.expires_at ?? null,
    redemptions: 0,
  });
}

async function makeSuperAdmin(uid: string) {
  await h.db.collection('user_roles').doc(uid).set({ user_id: uid, roles: ['user', 'super_admin'], updatedAt: FieldValue.serverTimestamp(), _deleted: false });
}

describe('daily claim', () => {
  it('grants 1 token once per UTC day, recording a daily_drip entry', async () => {
    h.clock.now = Date.parse('2026-03-01T12:00:00Z');
    const { uid, token } = await signUp(h, 'daily_one');
    // No daily_token_grants row yet: the first claim must cope with that.
    expect((await h.db.collection('daily_token_grants').doc(uid).get()).exists).toBe(false);
    expect((await h.call('GET', '/api/me', { token })).body.last_grant_date).toBeNull();

    const first = await h.call('POST', '/api/tokens/claim-daily', { token });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ granted: true, tokens: 1, balance: 51, last_grant_date: '2026-03-01' });
    expect((await ledgerOf(uid)).filter((e) => e.reason === 'daily_drip')).toEqual([
      expect.objectContaining({ delta: 1, reason: 'daily_drip', ref: '2026-03-01', balance_after: 51 }),
    ]);
    const me = await h.call('GET', '/api/me', { token });
    expect(me.body).toMatchObject({ balance: 51, last_grant_date: '2026-03-01' });
  });

  it('refuses a second claim the same UTC day and writes nothing', async () => {
    h.clock.now = Date.parse('2026-03-01T12:00:00Z');
    const { uid, token } = await signUp(h, 'daily_two');
    expect((await h.call('POST', '/api/tokens/claim-daily', { token })).body.granted).toBe(true);
    const grantBefore = (await h.db.collection('daily_token_grants').doc(uid).get()).data();
    const balanceBefore = (await h.db.collection('token_balances').doc(uid).get()).data();
    const ledgerBefore = await ledgerOf(uid);

    h.clock.now = Date.parse('2026-03-01T23:59:59.999Z');
    const second = await h.call('POST', '/api/tokens/claim-daily', { token });
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ granted: false, tokens: 0, balance: 51, last_grant_date: '2026-03-01' });
    expect((await h.db.collection('daily_token_grants').doc(uid).get()).data()).toEqual(grantBefore);
    expect((await h.db.collection('token_balances').doc(uid).get()).data()).toEqual(balanceBefore);
    expect(await ledgerOf(uid)).toEqual(ledgerBefore);
  });

  it('grants again on the next UTC day', async () => {
    h.clock.now = Date.parse('2026-03-01T23:30:00Z');
    const { uid, token } = await signUp(h, 'daily_three');
    expect((await h.call('POST', '/api/tokens/claim-daily', { token })).body).toMatchObject({ granted: true, balance: 51 });
    h.clock.now = Date.parse('2026-03-02T00:00:00Z');
    const next = await h.call('POST', '/api/tokens/claim-daily', { token });
    expect(next.body).toEqual({ granted: true, tokens: 1, balance: 52, last_grant_date: '2026-03-02' });
    h.clock.now += 5 * DAY;
    expect((await h.call('POST', '/api/tokens/claim-daily', { token })).body).toEqual({ granted: true, tokens: 1, balance: 53, last_grant_date: '2026-03-07' });
    expect((await ledgerOf(uid)).filter((e) => e.reason === 'daily_drip').map((e) => e.ref).sort()).toEqual(['2026-03-01', '2026-03-02', '2026-03-07']);
  });

  it('grants exactly once among 50 concurrent claims by one user', async () => {
    h.clock.now = Date.parse('2026-03-10T08:00:00Z');
    const { uid, token } = await signUp(h, 'daily_race');
    const results = await Promise.all(Array.from({ length: 50 }, () => h.call('POST', '/api/tokens/claim-daily', { token })));
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect(results.filter((r) => r.body.granted === true)).toHaveLength(1);
    expect(results.filter((r) => r.body.granted === false)).toHaveLength(49);
    expect((await ledgerOf(uid)).filter((e) => e.reason === 'daily_drip')).toHaveLength(1);
    expect(await balanceOf(token)).toBe(51);
  });

  it('needs a signed-in caller', async () => {
    const res = await h.call('POST', '/api/tokens/claim-daily');
    expect(res.status).toBe(401);
    expect(res.body.error).toEqual({ code: 'unauthenticated', message: 'Sign in required' });
  });
});

describe('coupons', () => {
  it('credits a coupon, normalising the code (trim, upper-case)', async () => {
    h.clock.now = Date.parse('2026-03-01T12:00:00Z');
    await addCoupon('SAVE20', { tokens: 20 });
    const { uid, token } = await signUp(h, 'coupon_ok');
    const res = await h.call('POST', '/api/coupons/redeem', { token, body: { code: '  save20 ' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: expect.stringContaining('20 tokens'), balance: 70 });
    expect(await balanceOf(token)).toBe(70);
    expect((await ledgerOf(uid)).filter((e) => e.reason === 'coupon')).toEqual([
      expect.objectContaining({ delta: 20, ref: 'SAVE20', balance_after: 70 }),
    ]);
    expect((await h.db.collection('coupons').doc('SAVE20').get()).get('redemptions')).toBe(1);
  });

  it('refuses the same user redeeming a code twice (400 invalid_argument, no credit)', async () => {
    await addCoupon('TWICE', { tokens: 5 });
    const { token } = await signUp(h, 'coupon_twice');
    expect((await h.call('POST', '/api/coupons/redeem', { token, body: { code: 'TWICE' } })).status).toBe(200);
    const again = await h.call('POST', '/api/coupons/redeem', { token, body: { code: 'twice' } });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error: { code: 'invalid_argument', message: 'Coupon code is invalid' } });
    expect(await balanceOf(token)).toBe(55);
  });

  it('answers an unknown code with 400 "Coupon code is invalid"', async () => {
    const { token } = await signUp(h, 'coupon_unknown');
    const res = await h.call('POST', '/api/coupons/redeem', { token, body: { code: 'NO-SUCH-CODE' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { code: 'invalid_argument', message: 'Coupon code is invalid' } });
    expect(await balanceOf(token)).toBe(50);
  });

  it('answers an expired code like an unknown one, judged by server time', async () => {
    h.clock.now = Date.parse('2026-03-01T12:00:00Z');
    await addCoupon('OLDIE', { tokens: 5, expires_at: '2026-02-28T00:00:00.000Z' });
    await addCoupon('SOON', { tokens: 5, expires_at: '2026-03-02T00:00:00.000Z' });
    const a = await signUp(h, 'coupon_expired');
    const b = await signUp(h, 'coupon_late');
    const old = await h.call('POST', '/api/coupons/redeem', { token: a.token, body: { code: 'OLDIE' } });
    expect(old.status).toBe(400);
    expect(old.body).toMatchObject({ error: { code: 'invalid_argument', message: 'Coupon code is invalid' } });
    expect((await h.call('POST', '/api/coupons/redeem', { token: a.token, body: { code: 'SOON' } })).status).toBe(200);
    h.clock.now = Date.parse('2026-03-02T00:00:00Z');
    const late = await h.call('POST', '/api/coupons/redeem', { token: b.token, body: { code: 'SOON' } });
    expect(late.status).toBe(400);
    expect(await balanceOf(a.token)).toBe(55);
    expect(await balanceOf(b.token)).toBe(50);
    h.clock.now = Date.parse('2026-03-01T12:00:00Z');
  });

  it('answers like an unknown code once max_redemptions is reached', async () => {
    await addCoupon('ONLYONE', { tokens: 9, max_redemptions: 1 });
    const a = await signUp(h, 'coupon_first');
    const b = await signUp(h, 'coupon_second');
    expect((await h.call('POST', '/api/coupons/redeem', { token: a.token, body: { code: 'ONLYONE' } })).status).toBe(200);
    const res = await h.call('POST', '/api/coupons/redeem', { token: b.token, body: { code: 'ONLYONE' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { code: 'invalid_argument', message: 'Coupon code is invalid' } });
    expect(await balanceOf(b.token)).toBe(50);
  });

  it('lets exactly 5 of 20 concurrent users redeem a coupon limited to 5', async () => {
    await addCoupon('FIVE', { tokens: 3, max_redemptions: 5 });
    const users = await signUpMany(h, Array.from({ length: 20 }, (_, i) => `five_${i}`));
    const results = await Promise.all(users.map((u) => h.call('POST', '/api/coupons/redeem', { token: u.token, body: { code: 'five' } })));
    const winners = results.filter((r) => r.status === 200);
    expect(winners).toHaveLength(5);
    expect(winners.every((r) => r.body.success === true && r.body.balance === 53)).toBe(true);
    expect(results.filter((r) => r.status === 400 && r.body.error?.code === 'invalid_argument')).toHaveLength(15);
    expect((await h.db.collection('coupons').doc('FIVE').get()).get('redemptions')).toBe(5);
    const entries = await h.db.collection('token_ledger').where('ref', '==', 'FIVE').get();
    expect(entries.size).toBe(5);
    const balances = await Promise.all(users.map((u) => balanceOf(u.token)));
    expect(balances.filter((b) => b === 53)).toHaveLength(5);
    expect(balances.filter((b) => b === 50)).toHaveLength(15);
  });

  it('credits one user exactly once among 10 concurrent redemptions of one code', async () => {
    await addCoupon('SAMEUSER', { tokens: 11 });
    const { uid, token } = await signUp(h, 'coupon_spam');
    const results = await Promise.all(Array.from({ length: 10 }, () => h.call('POST', '/api/coupons/redeem', { token, body: { code: 'SAMEUSER' } })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400)).toHaveLength(9);
    expect(await balanceOf(token)).toBe(61);
    expect((await ledgerOf(uid)).filter((e) => e.reason === 'coupon')).toHaveLength(1);
    expect((await h.db.collection('coupon_redemptions').where('user_id', '==', uid).get()).size).toBe(1);
  });
});


describe('randomized token operations', () => {
  const SEED = 0x5eed_2026;

  it(`keeps balance == sum(ledger), never negative, for every user (seed ${SEED})`, { timeout: 180_000 }, async () => {
    const rnd = mulberry32(SEED);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
    h.clock.now = Date.parse('2026-04-01T09:00:00Z');
    const day = () => new Date(h.clock.now).toISOString().slice(0, 10);

    // The model: what every balance must be, from the rules alone.
    type U = { uid: string; token: string; username: string; balance: number; lastClaim: string | null };
    const users: U[] = [];
    let ledgerEntries = 0;
    async function addUser(username: string, referrer?: U) {
      const s = await signUp(h, username, referrer ? { referral_code: referrer.username } : {});
      users.push({ uid: s.uid, token: s.token, username, balance: 50, lastClaim: null });
      ledgerEntries += 1;
      expect(s.body.balance).toBe(50);
      if (referrer) {
        // The referrer is paid once the new account verifies its email.
        h.auth.verifyEmail(s.uid);
        expect((await h.call('POST', '/api/accounts/email-verified', { token: s.token, body: {} })).body.referral).toBe('rewarded');
        referrer.balance += 10;
        ledgerEntries += 1;
      }
    }
    for (let i = 0; i < 8; i++) await addUser(`rnd_u${i}`, i >= 5 ? users[i - 5] : undefined);
    const boss = users[0]!;
    await makeSuperAdmin(boss.uid);

    type C = { code: string; tokens: number; max: number | null; expiresAt: number | null; redeemedBy: Set<string>; exists: boolean };
    const coupons: C[] = [
      { code: 'RND_OPEN', tokens: 5, max: null, expiresAt: null, redeemedBy: new Set(), exists: true },
      { code: 'RND_LIM3', tokens: 7, max: 3, expiresAt: null, redeemedBy: new Set(), exists: true },
      { code: 'RND_SOON', tokens: 3, max: null, expiresAt: h.clock.now + 3 * DAY, redeemedBy: new Set(), exists: true },
      { code: 'RND_OLD', tokens: 4, max: null, expiresAt: h.clock.now - DAY, redeemedBy: new Set(), exists: true },
      { code: 'RND_NONE', tokens: 0, max: null, expiresAt: null, redeemedBy: new Set(), exists: false },
    ];
    for (const c of coupons.filter((c) => c.exists))
      await addCoupon(c.code, { tokens: c.tokens, max_redemptions: c.max, expires_at: c.expiresAt === null ? null : new Date(c.expiresAt).toISOString() });

    /** One operation: what it touches, and how to run and check it against the model. */
    type Op = { label: string; touches: string[]; run: () => Promise<void> };
    let newUsers = 0;
    const seen = new Map<string, number>();
    const saw = (what: string) => seen.set(what, (seen.get(what) ?? 0) + 1);

    const claim = (u: U): Op => ({
      label: `claim ${u.username}`,
      touches: [u.uid],
      run: async () => {
        const grant = u.lastClaim !== day();
        const res = await h.call('POST', '/api/tokens/claim-daily', { token: u.token });
        expect(res.status).toBe(200);
        expect(res.body.granted).toBe(grant);
        saw(grant ? 'claim granted' : 'claim refused');
        if (grant) {
          u.balance += 1;
          u.lastClaim = day();
          ledgerEntries += 1;
        }
        expect(res.body.balance).toBe(u.balance);
      },
    });
    const burstClaim = (u: U): Op => ({
      label: `3 concurrent claims ${u.username}`,
      touches: [u.uid],
      run: async () => {
        const grant = u.lastClaim !== day();
        const rs = await Promise.all([1, 2, 3].map(() => h.call('POST', '/api/tokens/claim-daily', { token: u.token })));
        expect(rs.map((r) => r.status)).toEqual([200, 200, 200]);
        expect(rs.filter((r) => r.body.granted).length).toBe(grant ? 1 : 0);
        if (grant) {
          u.balance += 1;
          u.lastClaim = day();
          ledgerEntries += 1;
        }
      },
    });
    const redeem = (u: U, c: C): Op => ({
      label: `${u.username} redeems ${c.code}`,
      touches: [u.uid, c.code],
      run: async () => {
        // Every refusal reads the same (400 'Coupon code is invalid'); the model knows why.
        let outcome = 'redeemed';
        if (!c.exists) outcome = 'unknown';
        else if (c.expiresAt !== null && c.expiresAt <= h.clock.now) outcome = 'expired';
        else if (c.redeemedBy.has(u.uid)) outcome = 'already used';
        else if (c.max !== null && c.redeemedBy.size >= c.max) outcome = 'used up';
        const res = await h.call('POST', '/api/coupons/redeem', { token: u.token, body: { code: rnd() < 0.5 ? c.code.toLowerCase() : ` ${c.code} ` } });
        expect(res.status).toBe(outcome === 'redeemed' ? 200 : 400);
        if (outcome === 'redeemed') expect(res.body.success).toBe(true);
        else expect(res.body.error).toEqual({ code: 'invalid_argument', message: 'Coupon code is invalid' });
        saw(`coupon ${outcome}`);
        if (outcome === 'redeemed') {
          u.balance += c.tokens;
          c.redeemedBy.add(u.uid);
          ledgerEntries += 1;
          expect(res.body.balance).toBe(u.balance);
        }
      },
    });
    const adjust = (u: U, delta: number): Op => ({
      label: `adjust ${u.username} by ${delta}`,
      touches: [u.uid],
      run: async () => {
        const ok = u.balance + delta >= 0;
        const res = await h.call('POST', '/api/admin/tokens/adjust', { token: boss.token, body: { user_id: u.uid, delta } });
        expect(res.status).toBe(ok ? 200 : 400);
        saw(ok ? (delta > 0 ? 'admin grant' : 'admin deduction') : 'admin refused');
        if (ok) {
          u.balance += delta;
          ledgerEntries += 1;
          expect(res.body).toEqual({ user_id: u.uid, balance: u.balance });
        } else {
          expect(res.body.error.message).toBe('Cannot set negative balance');
        }
      },
    });
    const referral = (referrer: U): Op => {
      const username = `rnd_n${newUsers++}`;
      return {
        label: `${username} signs up via ${referrer.username}`,
        touches: [referrer.uid, username],
        run: async () => {
          await addUser(username, referrer);
          saw('referral');
        },
      };
    };

    const randomOp = (): Op => {
      const r = rnd();
      const u = pick(users);
      if (r < 0.3) return claim(u);
      if (r < 0.38) return burstClaim(u);
      if (r < 0.6) return redeem(u, pick(coupons));
      if (r < 0.88) return adjust(u, pick([-200, -80, -50, -10, -1, 1, 10, 50, 100]));
      return referral(u);
    };

    let done = 0;
    const trail: string[] = [];
    while (done < 150) {
      if (rnd() < 0.12) {
        h.clock.now += DAY + Math.floor(rnd() * 6) * 3_600_000;
        trail.push(`-- day ${day()}`);
      }
      // A batch of independent operations (distinct users and coupons) runs concurrently.
      const size = 1 + Math.floor(rnd() * 4);
      const batch: Op[] = [];
      const touched = new Set<string>();
      for (let tries = 0; batch.length < size && tries < 10; tries++) {
        const op = randomOp();
        if (op.touches.some((t) => touched.has(t))) continue;
        op.touches.forEach((t) => touched.add(t));
        batch.push(op);
      }
      trail.push(batch.map((o) => o.label).join(' || '));
      if (batch.length > 1) saw('concurrent batch');
      try {
        await Promise.all(batch.map((o) => o.run()));
      } catch (err) {
        throw new Error(`seed ${SEED}, after:\n${trail.slice(-10).join('\n')}\n${String(err)}`);
      }
      done += batch.length;
    }

    const rows = await ledgerInvariant(h.db);
    const mine = new Map(rows.map((r) => [r.user, r]));
    for (const u of users) {
      const row = mine.get(u.uid);
      expect(row, u.username).toBeDefined();
      expect(row!.balance, u.username).toBe(row!.sum);
      expect(row!.balance, u.username).toBe(u.balance);
      expect(await balanceOf(u.token), u.username).toBe(u.balance);
    }
    for (const row of rows) {
      expect(row.balance, row.user).toBe(row.sum);
      expect(row.balance, row.user).toBeGreaterThanOrEqual(0);
    }
    const ids = new Set(users.map((u) => u.uid));
    const ledger = await h.db.collection('token_ledger').get();
    expect(ledger.docs.filter((d) => ids.has(d.get('user_id')))).toHaveLength(ledgerEntries);
    expect(ledger.docs.every((d) => d.get('balance_after') >= 0)).toBe(true);
    // The run exercised what it meant to: refusals as well as grants of every kind.
    for (const what of ['claim granted', 'claim refused', 'coupon redeemed', 'coupon unknown', 'coupon already used', 'coupon expired', 'admin grant', 'admin deduction', 'admin refused', 'referral', 'concurrent batch'])
      expect(seen.get(what) ?? 0, `${what} in ${JSON.stringify([...seen])}`).toBeGreaterThan(0);
  });
});
