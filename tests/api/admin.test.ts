import { FieldValue } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerInvariant, signUp, startHarness, type Harness } from './harness';

let h: Harness;
type Who = { uid: string; token: string };
let boss: Who;
let adminOnly: Who;
let plain: Who;

async function setRoles(uid: string, roles: string[]) {
  await h.db.collection('user_roles').doc(uid).set({ user_id: uid, roles, updatedAt: FieldValue.serverTimestamp(), _deleted: false });
}

/** What an admin action could have written: the balances, the ledger and the roles. */
async function state() {
  const [balances, ledger, roles] = await Promise.all(
    ['token_balances', 'token_ledger', 'user_roles'].map((c) => h.db.collection(c).get()),
  );
  const dump = (s: FirebaseFirestore.QuerySnapshot) => s.docs.map((d) => `${d.id} ${JSON.stringify(d.data())}`).sort();
  return { balances: dump(balances!), ledger: dump(ledger!), roles: dump(roles!) };
}

const rolesOf = async (who: Who): Promise<string[]> => (await h.call('GET', '/api/me', { token: who.token })).body.roles;
const balanceOf = async (who: Who): Promise<number> => (await h.call('GET', '/api/me', { token: who.token })).body.balance;

beforeAll(async () => {
  h = await startHarness();
  boss = await signUp(h, 'the_boss');
  adminOnly = await signUp(h, 'mod_only');
  plain = await signUp(h, 'just_user');
  await setRoles(boss.uid, ['user', 'super_admin']);
  await setRoles(adminOnly.uid, ['user', 'admin']);
});
afterAll(() => h.close());

describe('POST /api/admin/tokens/adjust', () => {
  it('lets a super admin add tokens, recorded as admin_grant', async () => {
    const target = await signUp(h, 'adj_grant');
    const res = await h.call('POST', '/api/admin/tokens/adjust', { token: boss.token, body: { user_id: target.uid, delta: 100 } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ user_id: target.uid, balance: 150 });
    expect(await balanceOf(target)).toBe(150);
    const entries = await h.db.collection('token_ledger').where('user_id', '==', target.uid).where('reason', '==', 'admin_grant').get();
    expect(entries.docs.map((d) => d.data())).toEqual([
      expect.objectContaining({ delta: 100, reason: 'admin_grant', ref: boss.uid, balance_after: 150 }),
    ]);
  });

  it('lets a super admin deduct tokens, recorded as admin_deduction, down to exactly zero', async () => {
    const target = await signUp(h, 'adj_deduct');
    const res = await h.call('POST', '/api/admin/tokens/adjust', { token: boss.token, body: { user_id: target.uid, delta: -10 } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ user_id: target.uid, balance: 40 });
    const zero = await h.call('POST', '/api/admin/tokens/adjust', { token: boss.token, body: { user_id: target.uid, delta: -40 } });
    expect(zero.body).toEqual({ user_id: target.uid, balance: 0 });
    const entries = await h.db.collection('token_ledger').where('user_id', '==', target.uid).where('reason', '==', 'admin_deduction').get();
    expect(entries.docs.map((d) => d.get('delta')).sort()).toEqual([-10, -40]);
    expect(await balanceOf(target)).toBe(0);
  });

  it('refuses a result below zero with 400 "Cannot set negative balance" and writes nothing', async () => {
    const target = await signUp(h, 'adj_negative');
    const before = await state();
    const res = await h.call('POST', '/api/admin/tokens/adjust', { token: boss.token, body: { user_id: target.uid, delta: -51 } });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ code: 'invalid_argument', message: 'Cannot set negative balance' });
    expect(await state()).toEqual(before);
    expect(await balanceOf(target)).toBe(50);
  });

  it.each([
    ['an admin who is not super admin', () => adminOnly],
    ['a plain user', () => plain],
  ])('refuses %s with 403 "Only super admins can adjust tokens" and writes nothing', async (_label, who) => {
    const before = await state();
    const res = await h.call('POST', '/api/admin/tokens/adjust', { token: who().token, body: { user_id: who().uid, delta: 500 } });
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({ code: 'forbidden', message: 'Only super admins can adjust tokens' });
    expect(await state()).toEqual(before);
  });

  it('answers 404 for an unknown user', async () => {
    const before = await state();
    const res = await h.call('POST', '/api/admin/tokens/adjust', { token: boss.token, body: { user_id: 'no_such_user', delta: 5 } });
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({ code: 'not_found', message: 'User not found' });
    expect(await state()).toEqual(before);
  });

  it('needs a signed-in caller', async () => {
    const before = await state();
    const res = await h.call('POST', '/api/admin/tokens/adjust', { body: { user_id: plain.uid, delta: 5 } });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthenticated');
    expect(await state()).toEqual(before);
  });

  it('applies each of several concurrent adjustments exactly once', async () => {
    const target = await signUp(h, 'adj_concurrent');
    const deltas = [10, 50, 100, -10, -50, 10, 50, 100];
    const results = await Promise.all(
      deltas.map((delta) => h.call('POST', '/api/admin/tokens/adjust', { token: boss.token, body: { user_id: target.uid, delta } })),
    );
    expect(results.map((r) => r.status)).toEqual(deltas.map(() => 200));
    expect(await balanceOf(target)).toBe(50 + deltas.reduce((a, b) => a + b, 0));
    for (const row of await ledgerInvariant(h.db)) expect(row.balance).toBe(row.sum);
  });
});

describe('POST /api/admin/roles', () => {
  it('lets a super admin grant and revoke admin; the user sees it in GET /api/me', async () => {
    const target = await signUp(h, 'role_admin');
    const grant = await h.call('POST', '/api/admin/roles', { token: boss.token, body: { user_id: target.uid, role: 'admin', action: 'grant' } });
    expect(grant.status).toBe(200);
    expect(grant.body).toEqual({ user_id: target.uid, roles: ['admin', 'user'] });
    expect((await rolesOf(target)).sort()).toEqual(['admin', 'user']);

    const twice = await h.call('POST', '/api/admin/roles', { token: boss.token, body: { user_id: target.uid, role: 'admin', action: 'grant' } });
    expect(twice.body.roles).toEqual(['admin', 'user']);

    const revoke = await h.call('POST', '/api/admin/roles', { token: boss.token, body: { user_id: target.uid, role: 'admin', action: 'revoke' } });
    expect(revoke.status).toBe(200);
    expect(revoke.body).toEqual({ user_id: target.uid, roles: ['user'] });
    expect(await rolesOf(target)).toEqual(['user']);
  });

  it('makes a super admin whose new powers work, and takes them away again', async () => {
    const target = await signUp(h, 'role_super');
    const victim = await signUp(h, 'role_victim');
    const denied = await h.call('POST', '/api/admin/tokens/adjust', { token: target.token, body: { user_id: victim.uid, delta: 5 } });
    expect(denied.status).toBe(403);

    const grant = await h.call('POST', '/api/admin/roles', { token: boss.token, body: { user_id: target.uid, role: 'super_admin', action: 'grant' } });
    expect(grant.status).toBe(200);
    expect((await rolesOf(target)).sort()).toEqual(['super_admin', 'user']);
    const allowed = await h.call('POST', '/api/admin/tokens/adjust', { token: target.token, body: { user_id: victim.uid, delta: 5 } });
    expect(allowed.status).toBe(200);
    expect(allowed.body.balance).toBe(55);

    const revoke = await h.call('POST', '/api/admin/roles', { token: boss.token, body: { user_id: target.uid, role: 'super_admin', action: 'revoke' } });
    expect(revoke.status).toBe(200);
    expect(await rolesOf(target)).toEqual(['user']);
    const deniedAgain = await h.call('POST', '/api/admin/roles', { token: target.token, body: { user_id: victim.uid, role: 'admin', action: 'grant' } });
    expect(deniedAgain.status).toBe(403);
    expect(await rolesOf(victim)).toEqual(['user']);
  });

  it.each([
    ['an admin who is not super admin', () => adminOnly],
    ['a plain user', () => plain],
  ])('refuses %s with 403 "Only super admins can manage roles" and changes nothing', async (_label, who) => {
    const before = await state();
    const res = await h.call('POST', '/api/admin/roles', { token: who().token, body: { user_id: who().uid, role: 'super_admin', action: 'grant' } });
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({ code: 'forbidden', message: 'Only super admins can manage roles' });
    expect(await state()).toEqual(before);
    expect(await rolesOf(who())).not.toContain('super_admin');
  });

  it.each([
    ['the user role', { role: 'user', action: 'revoke' }],
    ['an unknown role', { role: 'owner', action: 'grant' }],
    ['an unknown action', { role: 'admin', action: 'promote' }],
  ])('refuses %s with 400', async (_label, body) => {
    const before = await state();
    const res = await h.call('POST', '/api/admin/roles', { token: boss.token, body: { user_id: plain.uid, ...body } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_argument');
    expect(await state()).toEqual(before);
    expect(await rolesOf(plain)).toEqual(['user']);
  });

  it('answers 404 for an unknown user', async () => {
    const before = await state();
    const res = await h.call('POST', '/api/admin/roles', { token: boss.token, body: { user_id: 'no_such_user', role: 'admin', action: 'grant' } });
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({ code: 'not_found', message: 'User not found' });
    expect(await state()).toEqual(before);
  });

  it('does not let a super admin remove their own super admin role', async () => {
    const before = await state();
    const res = await h.call('POST', '/api/admin/roles', { token: boss.token, body: { user_id: boss.uid, role: 'super_admin', action: 'revoke' } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('You cannot remove your own super admin role');
    expect(await state()).toEqual(before);
  });

  it('needs a signed-in caller', async () => {
    const res = await h.call('POST', '/api/admin/roles', { body: { user_id: plain.uid, role: 'admin', action: 'grant' } });
    expect(res.status).toBe(401);
    expect(await rolesOf(plain)).toEqual(['user']);
  });
});
