import { FieldValue } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sseReader } from './contest-fixtures';
import { grant } from './order-fixtures';
import { signUp, startHarness, type Harness } from './harness';
import { solanaWallet } from './wallets';

const ALICE_WALLET = solanaWallet('alice');
const BOB_WALLET = solanaWallet('bob');

const COLLECTIONS = ['profiles', 'user_roles', 'token_balances', 'daily_token_grants'] as const;
/** The fields each replicated collection hands out (functions/src/sync/registry.ts), besides id, updatedAt and _deleted. */
const FIELDS: Record<(typeof COLLECTIONS)[number], string[]> = {
  profiles: ['username', 'full_name', 'avatar_url', 'email', 'wallet_address', 'migration_status', 'free_voting_until', 'created_at', 'cash_app_tag'],
  user_roles: ['roles'],
  token_balances: ['balance'],
  daily_token_grants: ['last_grant_date'],
};

type Who = { uid: string; token: string; username: string; email: string };
type Doc = Record<string, unknown> & { id: string; updatedAt: number; _deleted: boolean };
type Checkpoint = { id: string; updatedAt: number };

let h: Harness;
let A: Who;
let B: Who;
let C: Who;
const startedAt = Date.now();

async function user(username: string, extra: Record<string, unknown> = {}): Promise<Who> {
  const s = await signUp(h, username, extra);
  return { uid: s.uid, token: s.token, username, email: `${username}@example.test` };
}

async function pull(collection: string, opts: { token?: string; checkpoint?: Checkpoint | null; limit?: number } = {}) {
  const q = new URLSearchParams();
  if (opts.checkpoint) {
    q.set('id', opts.checkpoint.id);
    q.set('updatedAt', String(opts.checkpoint.updatedAt));
  }
  if (opts.limit !== undefined) q.set('limit', String(opts.limit));
  const qs = q.toString();
  return h.call('GET', `/api/sync/${collection}/pull${qs ? `?${qs}` : ''}`, { token: opts.token });
}

beforeAll(async () => {
  h = await startHarness();
  C = await user('sync_carol');
  A = await user('sync_alice', { referral_code: 'sync_carol' });
  B = await user('sync_bob', { referral_code: 'sync_carol' });
  for (const who of [A, B, C]) expect((await h.call('POST', '/api/tokens/claim-daily', { token: who.token })).body.granted).toBe(true);
});
afterAll(() => h.close());

describe('GET /api/sync/:collection/pull', () => {
  it.each(COLLECTIONS)('gives %s of the caller only', async (collection) => {
    for (const [me, others] of [
      [A, [B, C]],
      [B, [A, C]],
    ] as const) {
      const res = await pull(collection, { token: me.token });
      expect(res.status).toBe(200);
      const docs = res.body.documents as Doc[];
      expect(docs.map((d) => d.id)).toEqual([me.uid]);
      const text = JSON.stringify(res.body);
      for (const other of others) {
        expect(text).not.toContain(other.uid);
        expect(text).not.toContain(other.username);
        expect(text).not.toContain(other.email);
      }
    }
  });

  it.each(COLLECTIONS)('gives a signed-out caller an empty %s list', async (collection) => {
    const res = await pull(collection);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ documents: [], checkpoint: null });
  });

  it('hands out documents with id, updatedAt (ms), _deleted false and only the registry fields', async () => {
    for (const collection of COLLECTIONS) {
      const res = await pull(collection, { token: A.token });
      const [doc] = res.body.documents as Doc[];
      expect(doc, collection).toBeDefined();
      expect(Object.keys(doc!).sort(), collection).toEqual(['_deleted', 'id', 'updatedAt', ...FIELDS[collection]].sort());
      expect(doc!._deleted).toBe(false);
      expect(Number.isInteger(doc!.updatedAt)).toBe(true);
      // updatedAt is the server's commit time in milliseconds (not the API's test clock).
      expect(doc!.updatedAt).toBeGreaterThanOrEqual(startedAt - 60_000);
      expect(doc!.updatedAt).toBeLessThanOrEqual(Date.now() + 60_000);
    }
    const profile = (await pull('profiles', { token: A.token })).body.documents[0] as Doc;
    expect(profile).toMatchObject({ id: A.uid, username: 'sync_alice', email: A.email, wallet_address: null, migration_status: 'pre_migration' });
    // referred_by and user_id live in Firestore but are not part of the replicated profile.
    expect((await h.db.collection('profiles').doc(A.uid).get()).get('referred_by')).toBe('sync_carol');
    expect(profile).not.toHaveProperty('referred_by');
    expect(profile).not.toHaveProperty('user_id');
    expect((await pull('token_balances', { token: A.token })).body.documents[0]).toMatchObject({ id: A.uid, balance: 51 });
    expect((await pull('user_roles', { token: A.token })).body.documents[0]).toMatchObject({ id: A.uid, roles: ['user'] });
    expect((await pull('daily_token_grants', { token: A.token })).body.documents[0]).toMatchObject({
      id: A.uid,
      last_grant_date: '2026-03-01',
    });
  });

  it('returns the last document as checkpoint (updatedAt in microseconds)', async () => {
    const res = await pull('token_balances', { token: A.token });
    const doc = res.body.documents[0] as Doc;
    const cp = res.body.checkpoint as Checkpoint;
    expect(cp.id).toBe(doc.id);
    expect(Number.isInteger(cp.updatedAt)).toBe(true);
    expect(Math.floor(cp.updatedAt / 1000)).toBe(doc.updatedAt);
  });

  it('walks page by page with limit=1 and the returned checkpoint, without repeats, to an empty page', async () => {
    const D = await user('sync_dave');
    // More documents owned by D, three of them committed together (same updatedAt, ordered by id).
    const col = h.db.collection('daily_token_grants');
    const batch = h.db.batch();
    for (const suffix of ['c', 'a', 'b'])
      batch.set(col.doc(`${D.uid}_extra_${suffix}`), { user_id: D.uid, last_grant_date: '2026-01-01', updatedAt: FieldValue.serverTimestamp(), _deleted: false });
    await batch.commit();
    for (const suffix of ['d', 'e'])
      await col.doc(`${D.uid}_extra_${suffix}`).set({ user_id: D.uid, last_grant_date: '2026-01-02', updatedAt: FieldValue.serverTimestamp(), _deleted: false });
    expect((await h.call('POST', '/api/tokens/claim-daily', { token: D.token })).body.granted).toBe(true);

    const all = await pull('daily_token_grants', { token: D.token, limit: 200 });
    const allIds = (all.body.documents as Doc[]).map((d) => d.id);
    expect(allIds).toHaveLength(6);

    const walked: Doc[] = [];
    let checkpoint: Checkpoint | null = null;
    for (let page = 0; page < 20; page++) {
      const res = await pull('daily_token_grants', { token: D.token, checkpoint, limit: 1 });
      expect(res.status).toBe(200);
      const docs = res.body.documents as Doc[];
      if (docs.length === 0) {
        // The empty page hands the same checkpoint back.
        expect(res.body.checkpoint).toEqual(checkpoint);
        break;
      }
      expect(docs).toHaveLength(1);
      walked.push(docs[0]!);
      expect(res.body.checkpoint.id).toBe(docs[0]!.id);
      checkpoint = res.body.checkpoint;
    }
    const ids = walked.map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(allIds);
    expect(ids.slice(0, 3)).toEqual(['a', 'b', 'c'].map((s) => `${D.uid}_extra_${s}`));
    expect(ids.at(-1)).toBe(D.uid);
    for (let i = 1; i < walked.length; i++) expect(walked[i]!.updatedAt).toBeGreaterThanOrEqual(walked[i - 1]!.updatedAt);
  });

  it('returns a changed document when pulling from an older checkpoint', async () => {
    const first = await pull('token_balances', { token: A.token });
    const before = first.body.documents[0] as Doc;
    const old = first.body.checkpoint as Checkpoint;
    expect((await pull('token_balances', { token: A.token, checkpoint: old })).body.documents).toEqual([]);

    h.clock.now += 86_400_000;
    expect((await h.call('POST', '/api/tokens/claim-daily', { token: B.token })).body.granted).toBe(true);
    const claim = await h.call('POST', '/api/tokens/claim-daily', { token: A.token });
    expect(claim.body.granted).toBe(true);

    const next = await pull('token_balances', { token: A.token, checkpoint: old });
    expect(next.status).toBe(200);
    expect(next.body.documents).toEqual([
      { id: A.uid, updatedAt: expect.any(Number), _deleted: false, balance: (before.balance as number) + 1 },
    ]);
    expect(next.body.documents[0].updatedAt).toBeGreaterThanOrEqual(before.updatedAt);
    expect(next.body.checkpoint.id).toBe(A.uid);
    expect(next.body.checkpoint.updatedAt).toBeGreaterThan(old.updatedAt);
    const grants = await pull('daily_token_grants', { token: A.token });
    expect(grants.body.documents[0].last_grant_date).toBe('2026-03-02');
  });

  it('refuses an unknown collection and a limit over 200 with 400', async () => {
    const unknown = await h.call('GET', '/api/sync/token_ledger/pull', { token: A.token });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe('invalid_argument');
    const big = await pull('profiles', { token: A.token, limit: 201 });
    expect(big.status).toBe(400);
    expect(big.body.error.message).toMatch(/^limit: /);
    expect((await pull('profiles', { token: A.token, limit: 200 })).status).toBe(200);
  });
});

type StreamEvent = { resync?: true; collection?: string; documents?: Doc[]; checkpoint?: Checkpoint };

describe('GET /api/sync/stream', () => {
  it('starts with a RESYNC, then sends the caller\'s own changes and never another user\'s', async () => {
    // The stream reports changes committed after it opened; let the API's clock match the commit clock.
    h.clock.now = Date.now();
    const ctrl = new AbortController();
    try {
      const res = await fetch(h.url('/api/sync/stream?collections=token_balances,profiles'), {
        headers: { Authorization: `Bearer ${A.token}` },
        signal: ctrl.signal,
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/event-stream');
      const sse = sseReader<StreamEvent>(res.body!);
      expect(await sse.next()).toEqual({ resync: true });

      // Another user's change first, then our own: only ours may arrive.
      expect((await h.call('POST', '/api/tokens/claim-daily', { token: B.token })).body.granted).toBe(true);
      const claim = await h.call('POST', '/api/tokens/claim-daily', { token: A.token });
      expect(claim.body.granted).toBe(true);
      const own = await sse.until((e) => e.collection === 'token_balances' && !!e.documents?.some((d) => d.id === A.uid && d.balance === claim.body.balance));
      expect(own.documents).toEqual([{ id: A.uid, updatedAt: expect.any(Number), _deleted: false, balance: claim.body.balance }]);
      expect(own.checkpoint).toMatchObject({ id: A.uid, updatedAt: expect.any(Number) });
      const balanceEvents = sse.events.filter((e) => e.collection === 'token_balances');
      expect(balanceEvents.flatMap((e) => e.documents!.map((d) => d.id))).toEqual(balanceEvents.map(() => A.uid));

      // The same for profiles: another user's wallet first, then ours.
      expect((await h.call('POST', '/api/accounts/wallet', { token: B.token, body: { wallet_address: BOB_WALLET } })).status).toBe(200);
      expect((await h.call('POST', '/api/accounts/wallet', { token: A.token, body: { wallet_address: ALICE_WALLET } })).status).toBe(200);
      const profile = await sse.until((e) => e.collection === 'profiles' && !!e.documents?.some((d) => d.wallet_address === ALICE_WALLET));
      expect(profile.documents![0]).toMatchObject({ id: A.uid, username: 'sync_alice', _deleted: false });
      expect(profile.documents![0]).not.toHaveProperty('referred_by');

      const text = JSON.stringify(sse.events);
      for (const other of [B, C]) {
        expect(text).not.toContain(other.uid);
        expect(text).not.toContain(other.username);
      }
      expect(text).not.toContain(BOB_WALLET);
      expect(sse.events.filter((e) => e.resync)).toHaveLength(1);
    } finally {
      ctrl.abort();
    }
  });

  it('listens once to a collection named several times: one event per change, not one per name', async () => {
    h.clock.now = Date.now();
    const ctrl = new AbortController();
    try {
      const res = await fetch(h.url('/api/sync/stream?collections=token_balances,token_balances,token_balances'), {
        headers: { Authorization: `Bearer ${C.token}` },
        signal: ctrl.signal,
      });
      expect(res.status).toBe(200);
      const sse = sseReader<StreamEvent>(res.body!);
      expect(await sse.next()).toEqual({ resync: true });
      const balanceIs = (n: number) => (e: StreamEvent) => e.collection === 'token_balances' && !!e.documents?.some((d) => d.balance === n);
      const first = (await h.call('POST', '/api/tokens/claim-daily', { token: C.token })).body.balance as number;
      await sse.until(balanceIs(first));
      // A second change: its event comes after every event of the first.
      await grant(h, C.uid, 5);
      await sse.until(balanceIs(first + 5));
      expect(sse.events.filter(balanceIs(first))).toHaveLength(1);
    } finally {
      ctrl.abort();
    }
  });

  it('refuses an unknown collection with 400 before any event', async () => {
    const res = await h.call('GET', '/api/sync/stream?collections=token_balances,token_ledger', { token: A.token });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_argument');
  });
});

describe('radio_submissions replication', () => {
  type Sub = Doc & { user_id: string };
  const submission = (id: string, owner: string) =>
    h.db.collection('radio_submissions').doc(id).set({
      user_id: owner,
      track_id: null,
      submission_type: 'advertisement',
      status: 'pending',
      payment_status: 'paid',
      payment_amount: 150,
      ad_audio_url: `radio-ads/${owner}/${id}.mp3`,
      ad_tier: 'standard',
      ad_duration_seconds: 15,
      sftp_uploaded: false,
      sftp_upload_error: null,
      sftp_path: `/ads/2026/11/${id}.mp3`,
      scheduled_broadcast_time: null,
      created_at: new Date().toISOString(),
      track_title: `Ad ${id}`,
      track_artist: 'Advertisement',
      station_requested_at: null,
      updatedAt: FieldValue.serverTimestamp(),
      _deleted: false,
    });
  let admin: Who;

  beforeAll(async () => {
    admin = await user('sync_radio_admin');
    await h.db.collection('user_roles').doc(admin.uid).set({ user_id: admin.uid, roles: ['user', 'admin'], updatedAt: FieldValue.serverTimestamp(), _deleted: false });
    await submission('sync_radio_a', A.uid);
    await submission('sync_radio_b', B.uid);
  });

  it("gives a user their own submissions only, an admin every one, and nobody the station's bookkeeping", async () => {
    const ids = async (token?: string) => ((await pull('radio_submissions', { token })).body.documents as Sub[]).map((d) => d.id).filter((id) => id.startsWith('sync_radio_'));
    expect(await ids(A.token)).toEqual(['sync_radio_a']);
    expect(await ids(B.token)).toEqual(['sync_radio_b']);
    expect(await ids(C.token)).toEqual([]);
    expect(await ids()).toEqual([]);
    expect((await ids(admin.token)).sort()).toEqual(['sync_radio_a', 'sync_radio_b']);
    const docs = (await pull('radio_submissions', { token: admin.token })).body.documents as Sub[];
    expect(docs[0]).not.toHaveProperty('station_requested_at');
    expect(docs.find((d) => d.id === 'sync_radio_a')).toMatchObject({ user_id: A.uid, status: 'pending', ad_tier: 'standard', track_title: 'Ad sync_radio_a' });
  });

  it("streams another user's submission to an admin, and not to that other user", async () => {
    h.clock.now = Date.now();
    const ctrl = new AbortController();
    const open = async (token: string) => {
      const res = await fetch(h.url('/api/sync/stream?collections=radio_submissions'), { headers: { Authorization: `Bearer ${token}` }, signal: ctrl.signal });
      expect(res.status).toBe(200);
      const sse = sseReader<StreamEvent>(res.body!);
      expect(await sse.next()).toEqual({ resync: true });
      return sse;
    };
    try {
      const [adminSse, carolSse] = [await open(admin.token), await open(C.token)];
      await submission('sync_radio_b2', B.uid);
      await submission('sync_radio_c', C.uid);
      const seen = await adminSse.until((e) => !!e.documents?.some((d) => d.id === 'sync_radio_b2'));
      expect(seen.collection).toBe('radio_submissions');
      const carol = await carolSse.until((e) => !!e.documents?.some((d) => d.id === 'sync_radio_c'));
      expect(JSON.stringify(carol)).not.toContain('sync_radio_b2');
      expect(JSON.stringify(carolSse.events)).not.toContain(B.uid);
    } finally {
      ctrl.abort();
    }
  });
});
