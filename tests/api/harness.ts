import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import type { AddressInfo } from 'node:net';
import { initializeApp, deleteApp } from 'firebase-admin/app';
import { getFirestore, type DocumentReference, type Firestore, type ReadWriteTransactionOptions, type Transaction } from 'firebase-admin/firestore';
import { inject } from 'vitest';
import { createApp } from '../../functions/src/app';
import type { Env } from '../../functions/src/env';
import { testEnv } from './test-env';
import type { Deps } from '../../functions/src/platform/deps';
import { buildDeps } from '../../functions/src/deps';
import { DiskStorage } from '../../functions/src/platform/storage/storage';
import { LocalChain } from '../../functions/src/platform/chain/local-chain';
import { MemoryStation } from './memory-station';
import { MemoryMailer } from './memory-mailer';
import { startFirestoreEmulator, type FirestoreServer } from '../../scripts/lib/firestore-emulator';
import { freePort } from '../../scripts/lib/ports';

const ffmpegPath = ffmpegInstaller.path;
import { FakeAuth } from './fake-auth';

export { FakeAuth };
import { disableMetadataProbe } from '../../scripts/lib/no-metadata-probe';
import { releaseSpends } from '../../functions/src/tokens/ledger';
import { seedBaseConfig } from '../../scripts/lib/seed/seed-config';

export { TEST_APP_URL, TEST_WEBHOOK_SECRET, testEnv } from './test-env';

export type Harness = {
  db: Firestore;
  auth: FakeAuth;
  deps: Deps & { storage: DiskStorage };
  /** The in-memory station behind deps.station (deps.station is null when started with `station: false`). */
  station: MemoryStation;
  /** The in-memory mailer behind deps.mailer: what was sent, and failures on demand. */
  mailer: MemoryMailer;
  clock: { now: number };
  call: (method: string, path: string, opts?: CallOptions) => Promise<{ status: number; body: any }>;
  url: (path: string) => string;
  close: () => Promise<void>;
};

/** A fresh project in the shared emulator, the real API on a random port, and a controllable clock. */
export async function startHarness(
  opts: { seed?: boolean; env?: Partial<Env>; station?: boolean; /** An emulator of its own in this process (so `firestoreOps` counts this harness's reads only), stopped by close(). */ ownEmulator?: boolean } = {},
): Promise<Harness> {
  let own: FirestoreServer | null = null;
  if (opts.ownEmulator) {
    const port = await freePort();
    own = await startFirestoreEmulator(port);
    process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${port}`;
  } else {
    process.env.FIRESTORE_EMULATOR_HOST = inject('firestoreHost');
  }
  disableMetadataProbe();
  const app = initializeApp({ projectId: `demo-test-${randomUUID().slice(0, 8)}` }, randomUUID());
  const db = getFirestore(app);
  const auth = new FakeAuth();
  const clock = { now: Date.parse('2026-03-01T12:00:00Z') };
  const storageDir = await mkdtemp(join(tmpdir(), 'storage-'));
  const storage = new DiskStorage(storageDir, 'test-secret', () => clock.now);
  // The local chain writes beside the stored files (tests may swap deps.chain for a failing one).
  const chain = new LocalChain(join(storageDir, 'chain-ledger.jsonl'), () => clock.now);
  const env = testEnv(opts.env);
  const station = new MemoryStation(() => clock.now);
  const mailer = new MemoryMailer();
  const deps = buildDeps(
    { db, auth, storage, ffmpegPath, env, now: () => clock.now },
    { station: opts.station === false ? null : station, chain, mailer },
  );
  if (opts.seed !== false) await seedBaseConfig(db);
  const server = createApp(deps).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    db,
    auth,
    deps,
    station,
    mailer,
    clock,
    url: (path) => `${base}${path}`,
    call: (method, path, o) => request(base, method, path, o),
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await deleteApp(app);
      own?.stop();
    },
  };
}

type CallOptions = { token?: string; body?: unknown; raw?: string; headers?: Record<string, string> };

async function request(base: string, method: string, path: string, o: CallOptions = {}): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { ...o.headers };
  if (o.token) headers.Authorization = `Bearer ${o.token}`;
  let body: string | undefined;
  if (o.raw !== undefined) body = o.raw;
  else if (o.body !== undefined) body = JSON.stringify(o.body);
  if (body !== undefined) headers['Content-Type'] ??= 'application/json';
  const res = await fetch(`${base}${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed };
}

/**
 * One request, as `Harness.call` makes it, to the same API served on other deps for its
 * duration: the harness's own with a failing database or Auth swapped in, say.
 */
export async function callWithDeps(deps: Deps, method: string, path: string, o?: CallOptions): Promise<{ status: number; body: any }> {
  return serveWithDeps(deps, (base) => request(base, method, path, o));
}

/** Runs `run` with the base URL of the API served on other deps (as callWithDeps), for requests it makes itself (multipart, say). */
export async function serveWithDeps<T>(deps: Deps, run: (base: string) => Promise<T>): Promise<T> {
  const server = createApp(deps).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  try {
    return await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
}

/**
 * `db` whose transactions that write to `collection` commit and then lose their answer, as a
 * dropped connection does. 'rerun': the SDK runs the function again, as firebase-admin does
 * after UNAVAILABLE. 'fail': it gives up, and UNAVAILABLE reaches the caller.
 */
export function losingCommitAnswers(db: Firestore, collection: string, mode: 'rerun' | 'fail'): Firestore {
  const runTransaction = async <T>(fn: (tx: Transaction) => Promise<T>, options?: ReadWriteTransactionOptions): Promise<T> => {
    let writes = false;
    const watch =
      (method: 'create' | 'set' | 'update', tx: Transaction) =>
      (ref: DocumentReference, ...rest: unknown[]) => {
        if (ref.parent.id === collection) writes = true;
        return (tx[method] as (...args: unknown[]) => Transaction)(ref, ...rest);
      };
    const watched = (tx: Transaction) => withOverrides(tx, { create: watch('create', tx), set: watch('set', tx), update: watch('update', tx) });
    const result = await db.runTransaction((tx) => fn(watched(tx)), options);
    if (!writes) return result;
    if (mode === 'fail') throw Object.assign(new Error('14 UNAVAILABLE: the connection dropped before the commit was answered'), { code: 14 });
    return db.runTransaction(fn, options);
  };
  return withOverrides(db, { runTransaction });
}

/**
 * `target` with some members replaced and every other one its own (methods bound to it): a
 * dependency that fails in one way, for callWithDeps.
 */
export function withOverrides<T extends object>(target: T, overrides: { [K in keyof T]?: unknown }): T {
  return new Proxy(target, {
    get(t, key) {
      if (Object.hasOwn(overrides, key)) return (overrides as Record<PropertyKey, unknown>)[key];
      const value = Reflect.get(t, key, t) as unknown;
      return typeof value === 'function' ? value.bind(t) : value;
    },
  });
}

/**
 * Signs up through the API and returns the uid and a token for it. The account may spend at once,
 * as one that followed its verification link (its spends are released; its Auth record and its
 * referrer are left as they are); `{ unverified: true }` keeps the hold a new account has.
 */
export async function signUp(h: Harness, username: string, extra: Record<string, unknown> = {}, opts: { unverified?: boolean } = {}) {
  const res = await h.call('POST', '/api/accounts/signup', {
    body: { username, email: `${username}@example.test`, password: 'secret123', ...extra },
  });
  if (res.status !== 201) throw new Error(`signup ${username}: ${res.status} ${JSON.stringify(res.body)}`);
  const uid = res.body.uid as string;
  if (!opts.unverified) await releaseSpends(h.db, uid);
  return { uid, token: `test:${uid}`, body: res.body };
}

/**
 * Signs users up one after another. Sign-ups from the harness's one address all bump the same
 * rate-limit counter: at once, they contend on it (per-document locks retry them as Firestore
 * would, and enough of them at once give up with 503), which is not what a test sets up for.
 */
export async function signUpMany(h: Harness, usernames: readonly string[], extra: Record<string, unknown> = {}) {
  const users: Array<Awaited<ReturnType<typeof signUp>>> = [];
  for (const name of usernames) users.push(await signUp(h, name, extra));
  return users;
}

/** Every user's balance equals the sum of their ledger entries. */
export async function ledgerInvariant(db: Firestore): Promise<Array<{ user: string; balance: number; sum: number }>> {
  const [balances, ledger] = await Promise.all([db.collection('token_balances').get(), db.collection('token_ledger').get()]);
  const sums = new Map<string, number>();
  for (const e of ledger.docs) sums.set(e.get('user_id'), (sums.get(e.get('user_id')) ?? 0) + e.get('delta'));
  return balances.docs.map((b) => ({ user: b.id, balance: b.get('balance') as number, sum: sums.get(b.id) ?? 0 }));
}
