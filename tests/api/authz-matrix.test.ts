import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '../../common/api/contract';
import { declarations, keyOf } from '../../common/api/index';
import { COUPON, KINDS, KNOWN_USERNAME, MATRIX, SIGNED_FILE, type Entry, type Kind, type MatrixRequest } from './authz-matrix';
import { contestTracks, world, type User, type World } from './authz-world';
import { signUp, startHarness, type Harness } from './harness';
import { PNG } from './order-fixtures';
import { routeKey } from './routes';
import { describeWrites, startProbe, wroteNothing, type Probe } from './write-probe';

/**
 * Every route × every kind of caller (authz-matrix.ts): the status, and for a refused call
 * (4xx) that nothing was written, neither a document (rate-limit counters aside, see
 * write-probe.ts) nor a file.
 */

let h: Harness;
let probe: Probe;
let w: World;

beforeAll(async () => {
  // With the demo radio on, so that its routes are part of the app and of the matrix.
  h = await startHarness();
  probe = await startProbe(h);
  w = world(h);
  await signUp(h, KNOWN_USERNAME);
  await contestTracks(h, 3);
  await h.deps.storage.put(SIGNED_FILE, Buffer.from('signed'), 'text/plain');
  await h.db.collection('coupons').doc(COUPON).set({ code: COUPON, tokens: 10, max_redemptions: null, expires_at: null, redemptions: 0 });
});
afterAll(async () => {
  await probe.close();
  await h.close();
});

async function callerOf(kind: Kind, owner: () => Promise<User>): Promise<User | null> {
  if (kind === 'anon') return null;
  if (kind === 'owner') return owner();
  if (kind === 'user') return w.newUser();
  return w.newAdmin(kind === 'admin' ? 'admin' : 'super_admin');
}

function send(req: MatrixRequest, caller: User | null) {
  const headers: Record<string, string> = { ...req.headers };
  if (caller) headers.Authorization = `Bearer ${caller.token}`;
  let body: string | FormData | undefined = req.body ?? req.form;
  if (req.json !== undefined) {
    body = JSON.stringify(req.json);
    headers['Content-Type'] = 'application/json';
  }
  return probe.request({ method: req.method, path: req.path, headers, body });
}

/** Every endpoint, as declared in common/api: the matrix's rows. */
const DECLARED = declarations().map(({ endpoint }) => ({ key: keyOf(endpoint), access: endpoint.access, superParts: endpoint.superAdminParts !== undefined }));

/** What a declared access means for the cells of a well-formed request (whatever else the handler refuses). */
function contradictions(access: Access, superParts: boolean, cells: Entry['expect']): string[] {
  const out: string[] = [];
  const refusedAs = (kind: Kind, status: number) => cells[kind] === status;
  if (access === 'public' && refusedAs('anon', 401)) out.push('a public endpoint refuses the signed-out caller with 401');
  if (access !== 'public' && !refusedAs('anon', 401)) out.push(`a ${access} endpoint answers the signed-out caller ${cells.anon}, not 401`);
  if ((access === 'admin' || access === 'super') && !refusedAs('user', 403)) out.push(`a ${access} endpoint answers a user ${cells.user}, not 403`);
  if (access === 'admin' && refusedAs('admin', 403) && !superParts) out.push('an admin endpoint refuses admins (and declares no superAdminParts)');
  if (access === 'super' && !refusedAs('admin', 403)) out.push(`a super admin endpoint answers an admin ${cells.admin}, not 403`);
  if (access === 'super' && refusedAs('super', 403)) out.push('a super admin endpoint refuses super admins');
  return out;
}

describe('authorization matrix', () => {
  it('has a declaration for every route of the app, and a route for every declaration', () => {
    const routes = probe.routes.map(routeKey);
    const declared = DECLARED.map((d) => d.key);
    expect(routes.filter((r) => !declared.includes(r)), 'routes without a declaration in common/api').toEqual([]);
    expect(declared.filter((d) => !routes.includes(d)), 'declarations without a route').toEqual([]);
  });

  it('has an entry for every declaration, and a declaration for every entry', () => {
    const declared = DECLARED.map((d) => d.key);
    expect(declared.filter((d) => !(d in MATRIX)), 'declarations without a matrix entry').toEqual([]);
    expect(Object.keys(MATRIX).filter((k) => !declared.includes(k as never)), 'matrix entries without a declaration').toEqual([]);
  });

  it('expects of every endpoint what its declared access means', () => {
    const found = DECLARED.flatMap(({ key, access, superParts }) => (MATRIX[key] ? contradictions(access, superParts, MATRIX[key].expect).map((c) => `${key}: ${c}`) : []));
    expect(found).toEqual([]);
  });

  // The write checks below are only as good as the probe: it must see what an allowed call writes.
  it('sees the documents and files a request writes, also after an upload was read', async () => {
    const buyer = await w.newUser('prb');
    const claim = await send({ method: 'POST', path: '/api/tokens/claim-daily' }, buyer);
    expect(claim.status).toBe(200);
    expect(Object.fromEntries(claim.writes.docs)).toEqual({ daily_token_grants: 1, token_balances: 1, token_ledger: 1, weekly_earnings: 1 });

    const orderId = await w.cashOrder(await w.newUser('sel'), buyer);
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(PNG)]), 'p.png');
    const proof = await send({ method: 'POST', path: `/api/orders/${orderId}/proof`, form }, buyer);
    expect(proof.status).toBe(200);
    expect(proof.writes.docs.get('orders')).toBe(1);
    expect([...proof.writes.filesAdded]).toEqual([expect.stringMatching(new RegExp(`^proofs/${orderId}/`))]);
  });

  const cases = DECLARED.flatMap(({ key: route }) => {
    const entry: Entry | undefined = MATRIX[route];
    return !entry ? [] : KINDS.flatMap((kind) => {
      const expected = entry.expect[kind];
      return expected === 'n/a' ? [] : [{ route, entry, kind, expected }];
    });
  });

  it.concurrent.each(cases)('$route as $kind → $expected', async ({ entry, kind, expected }) => {
    let owner: Promise<User> | null = null;
    const ownerOf = () => (owner ??= w.newUser('own'));
    const caller = await callerOf(kind, ownerOf);
    const req = await entry.request(w, ownerOf, caller);
    const res = await send(req, caller);
    expect(res.status, `${req.method} ${req.path}: ${res.text.slice(0, 300)}`).toBe(expected);
    expect(res.errors).toEqual([]);
    expect(res.reservedIds).toEqual([]);
    if (res.status >= 400) {
      expect(res.json, 'a refusal is { error: { code, message } }').toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
      expect(wroteNothing(res.writes), `a refused call wrote ${describeWrites(res.writes)}`).toBe(true);
    } else {
      entry.check?.(res, kind);
    }
  });
});
