import { FieldValue } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CmsAuditEntry, CmsLedgerEntry, CmsUser } from '../../common/accounts/users-messages';
import { ledgerInvariant, signUp, startHarness, type Harness } from './harness';
import { buy, listTrack } from './order-fixtures';

/** Users & Roles (issue 11): the user list, role changes, token adjustments, a user's ledger and the audit log. */

let h: Harness;
type Who = { uid: string; token: string };
let boss: Who;
let mod: Who;
let plain: Who;

async function setRoles(uid: string, roles: string[]) {
  await h.db.collection('user_roles').doc(uid).set({ user_id: uid, roles, updatedAt: FieldValue.serverTimestamp(), _deleted: false });
}

/** Everything a role change or adjustment could write. */
async function state() {
  const snaps = await Promise.all(['token_balances', 'token_ledger', 'user_roles', 'audit_log'].map((c) => h.db.collection(c).get()));
  return snaps.map((s) => s.docs.map((d) => `${d.id} ${JSON.stringify(d.data())}`).sort());
}

const tick = () => (h.clock.now += 1000);

/** Every page of a cursored list, in order. */
async function allPages<T>(path: string, token: string): Promise<{ items: T[]; pages: number }> {
  const items: T[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const res = await h.call('GET', cursor ? `${path}${sep}cursor=${encodeURIComponent(cursor)}` : path, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    items.push(...(res.body.items as T[]));
    cursor = res.body.next as string | null;
    pages += 1;
    expect(pages).toBeLessThan(100);
  } while (cursor);
  return { items, pages };
}

const auditOf = async (uid: string) =>
  (await h.db.collection('audit_log').where('target_user_id', '==', uid).get()).docs.map((d) => d.data()).sort((a, b) => String(a.created_at).localeCompare(String(b.created_at)));

beforeAll(async () => {
  h = await startHarness();
  boss = await signUp(h, 'us_boss');
  mod = await signUp(h, 'us_mod');
  plain = await signUp(h, 'us_plain');
  await setRoles(boss.uid, ['super_admin', 'user']);
  await setRoles(mod.uid, ['admin', 'user']);
});
afterAll(() => h.close());

describe('GET /api/cms/users', () => {
  it('pages through every user with a cursor: 25 a page, by username, no duplicates, nothing missed', async () => {
    for (let i = 0; i < 30; i++) await signUp(h, `pg_user_${String(i).padStart(2, '0')}`);
    const count = (await h.db.collection('profiles').count().get()).data().count;
    const { items, pages } = await allPages<CmsUser>('/api/cms/users', mod.token);
    expect(items).toHaveLength(count);
    expect(new Set(items.map((u) => u.id)).size).toBe(count);
    expect(pages).toBe(Math.ceil(count / 25) + (count % 25 === 0 ? 1 : 0));
    const names = items.map((u) => u.username);
    expect(names).toEqual([...names].sort());
    expect(items.find((u) => u.username === 'us_boss')).toEqual({
      id: boss.uid,
      username: 'us_boss',
      full_name: 'us_boss',
      avatar_url: null,
      email: 'us_boss@example.test',
      roles: ['super_admin', 'user'],
      balance: 50,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      migration_status: 'pre_migration',
    });
  });

  it('searches usernames by prefix (case aside) and pages the matches', async () => {
    const first = await h.call('GET', '/api/cms/users?q=PG_USER_', { token: mod.token });
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(25);
    expect(first.body.next).toEqual(expect.any(String));
    const { items } = await allPages<CmsUser>('/api/cms/users?q=pg_user_', mod.token);
    expect(items.map((u) => u.username)).toEqual(Array.from({ length: 30 }, (_, i) => `pg_user_${String(i).padStart(2, '0')}`));
    const one = await h.call('GET', '/api/cms/users?q=pg_user_07', { token: mod.token });
    expect(one.body).toEqual({ items: [expect.objectContaining({ username: 'pg_user_07' })], next: null });
  });

  it('searches emails by prefix, as typed, without listing a username match twice', async () => {
    const mailer = await signUp(h, 'zz_mailer', { email: 'Grace.Hopper@navy.test' });
    const byEmail = await h.call('GET', '/api/cms/users?q=Grace.Hop', { token: mod.token });
    expect(byEmail.body.items.map((u: CmsUser) => u.id)).toEqual([mailer.uid]);
    const byDomainless = await h.call('GET', '/api/cms/users?q=Grace', { token: mod.token });
    expect(byDomainless.body.items.map((u: CmsUser) => u.id)).toEqual([mailer.uid]);
    // pg_user_00@example.test matches both by username and by email: listed once.
    const both = await allPages<CmsUser>('/api/cms/users?q=pg_user_0', mod.token);
    expect(both.items.map((u) => u.username)).toEqual(Array.from({ length: 10 }, (_, i) => `pg_user_0${i}`));
    expect((await h.call('GET', '/api/cms/users?q=nobody_like_this', { token: mod.token })).body).toEqual({ items: [], next: null });
  });

  it.each([
    ['a cursor it did not make', '/api/cms/users?cursor=not-a-cursor', 'Invalid cursor'],
    ['a cursor of another search', `/api/cms/users?q=pg&cursor=${Buffer.from('{"p":"all"}').toString('base64url')}`, 'Invalid cursor'],
    ['an unknown parameter', '/api/cms/users?limit=1000', /Unrecognized key/],
    ['a search given twice', '/api/cms/users?q=a&q=b', /^q: /],
    ['an overlong search', `/api/cms/users?q=${'a'.repeat(101)}`, /^q: /],
  ])('answers 400 for %s', async (_label, path, message) => {
    const res = await h.call('GET', path, { token: mod.token });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(message);
  });

  it('is for admins only', async () => {
    expect((await h.call('GET', '/api/cms/users', { token: plain.token })).status).toBe(403);
    expect((await h.call('GET', '/api/cms/users')).status).toBe(401);
  });
});

describe('role changes', () => {
  it('refuses an admin with "Only super admins can manage roles" and writes nothing', async () => {
    const before = await state();
    const res = await h.call('POST', '/api/admin/roles', { token: mod.token, body: { user_id: plain.uid, role: 'admin', action: 'grant' } });
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({ code: 'forbidden', message: 'Only super admins can manage roles' });
    expect(await state()).toEqual(before);
  });

  it('does not let a super admin remove their own (last) super_admin role', async () => {
    const before = await state();
    const res = await h.call('POST', '/api/admin/roles', { token: boss.token, body: { user_id: boss.uid, role: 'super_admin', action: 'revoke' } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('You cannot remove your own super admin role');
    expect(await state()).toEqual(before);
  });

  it('audits a grant and a revoke with the roles before and after; a no-op writes nothing', async () => {
    const target = await signUp(h, 'us_promoted');
    tick();
    expect((await h.call('POST', '/api/admin/roles', { token: boss.token, body: { user_id: target.uid, role: 'admin', action: 'grant' } })).body.roles).toEqual(['admin', 'user']);
    const afterGrant = await state();
    expect((await h.call('POST', '/api/admin/roles', { token: boss.token, body: { user_id: target.uid, role: 'admin', action: 'grant' } })).status).toBe(200);
    expect(await state()).toEqual(afterGrant);
    tick();
    expect((await h.call('POST', '/api/admin/roles', { token: boss.token, body: { user_id: target.uid, role: 'admin', action: 'revoke' } })).body.roles).toEqual(['user']);
    expect(await auditOf(target.uid)).toEqual([
      expect.objectContaining({ action: 'role.grant', actor_id: boss.uid, before: { roles: ['user'] }, after: { roles: ['admin', 'user'] } }),
      expect.objectContaining({ action: 'role.revoke', actor_id: boss.uid, before: { roles: ['admin', 'user'] }, after: { roles: ['user'] } }),
    ]);
  });

  it('two super admins revoking each other at once: exactly one succeeds, a super admin remains', async () => {
    const a = await signUp(h, 'us_sa_a');
    const b = await signUp(h, 'us_sa_b');
    await setRoles(a.uid, ['super_admin', 'user']);
    await setRoles(b.uid, ['super_admin', 'user']);
    const [ra, rb] = await Promise.all([
      h.call('POST', '/api/admin/roles', { token: a.token, body: { user_id: b.uid, role: 'super_admin', action: 'revoke' } }),
      h.call('POST', '/api/admin/roles', { token: b.token, body: { user_id: a.uid, role: 'super_admin', action: 'revoke' } }),
    ]);
    expect([ra.status, rb.status].sort()).toEqual([200, 403]);
    const roles = await Promise.all([a, b].map(async (w) => (await h.db.collection('user_roles').doc(w.uid).get()).get('roles') as string[]));
    expect(roles.filter((r) => r.includes('super_admin'))).toHaveLength(1);
  });
});

describe('token adjustments', () => {
  it('keeps the reason on the ledger entry and audits the balance before and after', async () => {
    const target = await signUp(h, 'us_gifted');
    tick();
    const res = await h.call('POST', '/api/admin/tokens/adjust', { token: boss.token, body: { user_id: target.uid, delta: 50, note: '  Contest prize ' } });
    expect(res.body).toEqual({ user_id: target.uid, balance: 100 });
    const entry = (await h.db.collection('token_ledger').where('user_id', '==', target.uid).where('reason', '==', 'admin_grant').get()).docs[0]!.data();
    expect(entry).toEqual(expect.objectContaining({ delta: 50, note: 'Contest prize', ref: boss.uid, balance_after: 100 }));
    expect(await auditOf(target.uid)).toEqual([
      { action: 'tokens.adjust', actor_id: boss.uid, target_user_id: target.uid, before: { balance: 50 }, after: { balance: 100 }, reason: 'Contest prize', created_at: new Date(h.clock.now).toISOString() },
    ]);
  });

  it('refuses an admin with "Only super admins can adjust tokens" and writes nothing', async () => {
    const before = await state();
    const res = await h.call('POST', '/api/admin/tokens/adjust', { token: mod.token, body: { user_id: plain.uid, delta: 10, note: 'x' } });
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({ code: 'forbidden', message: 'Only super admins can adjust tokens' });
    expect(await state()).toEqual(before);
  });

  it('refuses a negative result with "Cannot set negative balance" and writes nothing', async () => {
    const before = await state();
    const res = await h.call('POST', '/api/admin/tokens/adjust', { token: boss.token, body: { user_id: plain.uid, delta: -51, note: 'too much' } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Cannot set negative balance');
    expect(await state()).toEqual(before);
  });

  it.each([
    ['a fractional amount', { delta: 2.5 }, /^delta: /],
    ['a huge amount', { delta: 1e12 }, /^delta: /],
    ['an amount as a string', { delta: '10' }, /^delta: /],
    ['an amount as null', { delta: null }, /^delta: /],
    ['a note that is a number', { delta: 10, note: 7 }, /^note: /],
    ['a note over 200 characters', { delta: 10, note: 'x'.repeat(201) }, 'note: note must be at most 200 characters'],
    ['an unknown field', { delta: 10, reason: 'gift' }, 'Unrecognized key: "reason"'],
  ])('answers 400 for %s and writes nothing', async (_label, body, message) => {
    const before = await state();
    const res = await h.call('POST', '/api/admin/tokens/adjust', { token: boss.token, body: { user_id: plain.uid, ...body } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(message);
    expect(await state()).toEqual(before);
  });

  it('concurrent adjustments, purchases and a daily claim on one user keep balance == sum(ledger), never below 0', async () => {
    const target = await signUp(h, 'us_busy');
    const seller = await signUp(h, 'us_seller');
    const listings = await Promise.all([0, 1, 2, 3].map(() => listTrack(h, seller)));
    const deltas = [10, 50, 100, -10, -50, -50, 10, -10, 100, -50, -50, -50];
    const results = await Promise.all([
      ...deltas.map((delta) => h.call('POST', '/api/admin/tokens/adjust', { token: boss.token, body: { user_id: target.uid, delta, note: `race ${delta}` } })),
      ...listings.map(({ listing }) => buy(h, target, listing.id)),
      h.call('POST', '/api/tokens/claim-daily', { token: target.token }),
    ]);
    for (const r of results) expect([200, 201, 400, 402, 409]).toContain(r.status);
    const adjusted = deltas.reduce((sum, d, i) => sum + (results[i]!.status === 200 ? d : 0), 0);
    const spent = listings.reduce((sum, { listing }, i) => sum + (results[deltas.length + i]!.status === 201 ? listing.price_tokens : 0), 0);
    const daily = results.at(-1)!.body.granted ? 1 : 0;
    const balance = (await h.db.collection('token_balances').doc(target.uid).get()).get('balance') as number;
    expect(balance).toBe(50 + adjusted - spent + daily);
    expect(balance).toBeGreaterThanOrEqual(0);
    const ledger = (await h.db.collection('token_ledger').where('user_id', '==', target.uid).get()).docs.map((d) => d.data());
    expect(ledger.every((e) => (e.balance_after as number) >= 0)).toBe(true);
    for (const row of await ledgerInvariant(h.db)) expect(row.balance).toBe(row.sum);
    const audits = await auditOf(target.uid);
    expect(audits).toHaveLength(deltas.filter((_, i) => results[i]!.status === 200).length);
  });
});

describe('GET /api/cms/users/:id/ledger', () => {
  it('pages a user’s ledger newest first with the admins’ notes', async () => {
    const target = await signUp(h, 'us_ledger');
    for (let i = 1; i <= 30; i++) {
      tick();
      expect((await h.call('POST', '/api/admin/tokens/adjust', { token: boss.token, body: { user_id: target.uid, delta: i, note: `step ${i}` } })).status).toBe(200);
    }
    const first = await h.call('GET', `/api/cms/users/${target.uid}/ledger`, { token: mod.token });
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(25);
    expect(first.body.items[0]).toEqual({
      id: expect.any(String),
      delta: 30,
      reason: 'admin_grant',
      note: 'step 30',
      ref: boss.uid,
      balance_after: 50 + (30 * 31) / 2,
      created_at: new Date(h.clock.now).toISOString(),
    });
    const { items } = await allPages<CmsLedgerEntry>(`/api/cms/users/${target.uid}/ledger`, mod.token);
    expect(items.map((e) => e.note)).toEqual([...Array.from({ length: 30 }, (_, i) => `step ${30 - i}`), null]);
    expect(items.at(-1)).toEqual(expect.objectContaining({ reason: 'signup_grant', delta: 50 }));
  });

  it('answers 404 for an unknown user and 400 for a bad cursor; admins only', async () => {
    expect((await h.call('GET', '/api/cms/users/nobody_here/ledger', { token: mod.token })).body.error).toEqual({ code: 'not_found', message: 'User not found' });
    expect((await h.call('GET', `/api/cms/users/${plain.uid}/ledger?cursor=e30`, { token: mod.token })).status).toBe(400);
    expect((await h.call('GET', `/api/cms/users/${plain.uid}/ledger`, { token: plain.token })).status).toBe(403);
  });
});

describe('GET /api/cms/audit', () => {
  it('shows super admins who changed what, newest first, paged; admins get 403', async () => {
    const target = await signUp(h, 'us_audited');
    for (let i = 0; i < 27; i++) {
      tick();
      await h.call('POST', '/api/admin/tokens/adjust', { token: boss.token, body: { user_id: target.uid, delta: 1, note: `n${i}` } });
    }
    const refused = await h.call('GET', '/api/cms/audit', { token: mod.token });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('Only super admins can read the audit log');
    const first = await h.call('GET', '/api/cms/audit', { token: boss.token });
    expect(first.body.items).toHaveLength(25);
    expect(first.body.items[0]).toEqual({
      id: expect.any(String),
      action: 'tokens.adjust',
      actor: { id: boss.uid, username: 'us_boss', email: 'us_boss@example.test' },
      target: { id: target.uid, username: 'us_audited', email: 'us_audited@example.test' },
      before: { balance: 76 },
      after: { balance: 77 },
      reason: 'n26',
      created_at: new Date(h.clock.now).toISOString(),
    });
    const { items } = await allPages<CmsAuditEntry>('/api/cms/audit', boss.token);
    const total = (await h.db.collection('audit_log').count().get()).data().count;
    expect(items).toHaveLength(total);
    expect(new Set(items.map((e) => e.id)).size).toBe(total);
    const times = items.map((e) => e.created_at);
    expect(times).toEqual([...times].sort().reverse());
  });
});
