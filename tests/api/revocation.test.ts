import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin } from './contest-fixtures';
import { signUp, startHarness, type Harness } from './harness';
import { balanceOf, buy, listTrack, users } from './order-fixtures';

/**
 * A disabled account (or one whose tokens were revoked) is refused at once where tokens, money,
 * roles or admin powers are at stake, not when its ID token expires up to an hour later
 * (docs/security.md, Keep access after being disabled).
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const refused = { status: 401, body: { error: { code: 'unauthenticated' } } };

describe('a disabled account', () => {
  it('cannot spend, claim or order, and nothing is written; its reads still answer until the token expires', async () => {
    const [seller] = await users(h, 'rv_seller');
    const { listing } = await listTrack(h, seller, { price_tokens: 15, accept_tokens: true });
    const buyer = await signUp(h, 'rv_buyer');
    h.auth.disabled.add(buyer.uid);
    expect(await buy(h, buyer, listing.id)).toMatchObject(refused);
    expect(await h.call('POST', '/api/tokens/claim-daily', { token: buyer.token, body: {} })).toMatchObject(refused);
    expect(await h.call('POST', '/api/payments/checkout', { token: buyer.token, body: { packageId: 'pro' } })).toMatchObject(refused);
    expect(await balanceOf(h, buyer.uid)).toBe(50);
    expect((await h.db.collection('orders').where('buyer_id', '==', buyer.uid).get()).size).toBe(0);
    expect((await h.db.collection('checkout_sessions').where('user_id', '==', buyer.uid).get()).size).toBe(0);
    expect((await h.call('GET', '/api/me', { token: buyer.token })).status).toBe(200);

    h.auth.disabled.delete(buyer.uid);
    expect((await buy(h, buyer, listing.id)).status).toBe(201);
  });

  it('loses its admin powers at once, reads included', async () => {
    const admin = await signUp(h, 'rv_admin');
    await makeAdmin(h.db, admin.uid);
    expect((await h.call('GET', '/api/cms/users', { token: admin.token })).status).toBe(200);
    h.auth.disabled.add(admin.uid);
    expect(await h.call('GET', '/api/cms/users', { token: admin.token })).toMatchObject(refused);
    expect(await h.call('GET', '/api/cms/config', { token: admin.token })).toMatchObject(refused);
    const before = (await h.db.collection('app_config').doc('1').get()).data();
    expect(await h.call('POST', '/api/cms/config', { token: admin.token, body: { pricing: { vote_session_cost: 3 } } })).toMatchObject(refused);
    expect((await h.db.collection('app_config').doc('1').get()).data()).toEqual(before);
  });

  it('loses its super admin powers at once: no role or token changes', async () => {
    const boss = await signUp(h, 'rv_boss');
    await makeAdmin(h.db, boss.uid, 'super_admin');
    const target = await signUp(h, 'rv_target');
    h.auth.disabled.add(boss.uid);
    expect(await h.call('POST', '/api/admin/roles', { token: boss.token, body: { user_id: target.uid, role: 'admin', action: 'grant' } })).toMatchObject(refused);
    expect(await h.call('POST', '/api/admin/tokens/adjust', { token: boss.token, body: { user_id: target.uid, delta: 1000, note: 'gift' } })).toMatchObject(refused);
    expect((await h.db.collection('user_roles').doc(target.uid).get()).get('roles')).toEqual(['user']);
    expect(await balanceOf(h, target.uid)).toBe(50);
  });

  it('is looked up in Auth on writes and admin reads only, never on a plain read', async () => {
    const reader = await signUp(h, 'rv_reader');
    const checks = h.auth.revocationChecks;
    expect((await h.call('GET', '/api/me', { token: reader.token })).status).toBe(200);
    expect((await h.call('GET', '/api/public/leaderboards', { token: reader.token })).status).toBeLessThan(500);
    expect(h.auth.revocationChecks).toBe(checks);
    await h.call('POST', '/api/tokens/claim-daily', { token: reader.token, body: {} });
    expect(h.auth.revocationChecks).toBe(checks + 1);
  });
});
