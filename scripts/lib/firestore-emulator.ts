/**
 * In-process Firestore emulator (@firestore-emulator/server) with serializable transactions.
 *
 * The package answers every read from the current state and commits without checking
 * anything, so two transactions that read-modify-write the same document both "win".
 * Real Firestore's server SDK transactions are pessimistic: a transaction's reads lock the
 * documents they read, and its commit locks the documents it writes. We reproduce that
 * ('document' locking, the default):
 * - A read in a read-write transaction (BatchGetDocuments, RunQuery) takes a shared lock on
 *   each document it returns (found or missing) and holds it until Commit or Rollback. A
 *   query locks the documents of its result, re-run until the locked set covers it.
 * - A commit takes exclusive locks on the documents it writes (upgrading its shared ones),
 *   applies the writes, then frees every lock of the transaction. A commit outside a
 *   transaction (batch, plain set) takes the same exclusive locks, just for its duration.
 * - Reads outside transactions, read-only transactions and aggregations never lock or wait.
 * - Deadlocks and lock-upgrade conflicts (two transactions read a document, both write it)
 *   are settled by wound-wait, by transaction age: an older transaction that needs a lock a
 *   younger one holds aborts the younger one; a younger one waits for an older one. So waits
 *   only go from younger to older and can never form a cycle. The aborted transaction's next
 *   call (or the read it was waiting in) fails with ABORTED (gRPC 10), on which firebase-admin
 *   rolls back and retries; the retry names the aborted transaction (retry_transaction) and
 *   keeps its age, so it cannot starve. A plain commit that is aborted retries by itself.
 * - A lease (15 s) aborts a transaction whose client vanished and frees its locks.
 * Not reproduced: Firestore also locks the ranges a query scanned, so a document inserted
 * later into a range a transaction queried would conflict with it (phantom protection); here
 * only the documents a query returned are locked. Aggregations (count) in a transaction lock
 * nothing. Firestore's 270 s / 60 s idle transaction limits are replaced by the lease.
 *
 * 'global' locking is the former scheme (one lock held by a transaction from its first read
 * until it ends, every commit under it), kept to compare; 'none' is the bare package, which
 * loses updates (scripts/lib/firestore-emulator.test.ts shows both).
 */
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import type { FirestoreServer as FirestoreServerType } from '@firestore-emulator/server';
import { loadIndexes, missingIndex, type IndexSpec, type QueryShape } from './firestore-indexes';
import { invalidQuery, patchQueries, pathSegments } from './firestore-emulator-query';
import { documentMessage, lengthDelimited, timestampBytes, type WireDocument } from './firestore-wire';

const LEASE_MS = 15_000;

type Waiter = { id: string; resolve: () => void };

class GlobalTxLock {
  private holder: string | null = null;
  private leaseTimer: NodeJS.Timeout | null = null;
  private queue: Waiter[] = [];

  acquire(id: string): Promise<void> {
    return new Promise((resolve) => {
      this.queue.push({ id, resolve });
      this.pump();
    });
  }

  holds(id: string): boolean {
    return this.holder === id;
  }

  release(id: string): void {
    if (this.holder !== id) return;
    this.holder = null;
    if (this.leaseTimer) clearTimeout(this.leaseTimer);
    this.leaseTimer = null;
    this.pump();
  }

  private pump(): void {
    if (this.holder !== null) return;
    const next = this.queue.shift();
    if (!next) return;
    this.holder = next.id;
    this.leaseTimer = setTimeout(() => this.release(next.id), LEASE_MS);
    this.leaseTimer.unref();
    next.resolve();
  }
}

const hex = (bytes: Uint8Array | undefined): string =>
  bytes && bytes.length ? Buffer.from(bytes).toString('hex') : '';

type AnyCall = {
  request: Record<string, unknown> & {
    transaction?: Uint8Array;
    has_new_transaction?: boolean;
    consistency_selector?: string;
  };
  write: (value: { transaction?: Uint8Array }) => boolean;
};
type Handler = (call: AnyCall, callback?: (err: unknown, value: unknown) => void) => void;
type Impl = Record<string, Handler>;

/**
 * Documents read and written through this process's emulators since the last reset, counted
 * as Firestore bills them: one read per document fetched by id (found or missing), per query
 * result (an empty query counts one) and per aggregation; one write per document write of a
 * commit. Snapshot listeners are not counted. `calls` counts the requests (round trips) that
 * carried them. For benchmarks; it changes no behaviour.
 */
export const firestoreOps = {
  reads: 0,
  writes: 0,
  calls: 0,
  reset(): void {
    this.calls = 0;
    this.reads = 0;
    this.writes = 0;
  },
};

function countReads(name: string, c: AnyCall): void {
  if (name === 'BatchGetDocuments') firestoreOps.reads += (c.request.documents as unknown[] | undefined)?.length ?? 0;
  else if (name === 'RunAggregationQuery') firestoreOps.reads += 1;
  else if (name === 'RunQuery') {
    // The emulator writes one response per result, or a single one for an empty result.
    const write = c.write.bind(c);
    c.write = (value) => {
      firestoreOps.reads += 1;
      return write(value);
    };
  }
}

/**
 * Lock conflicts under 'document' locking since the last reset: transactions (or plain
 * commits) aborted by an older one or by their lease, and lock requests that had to wait.
 * For benchmarks; it changes no behaviour.
 */
export const firestoreLockStats = {
  aborted: 0,
  waited: 0,
  reset(): void {
    this.aborted = 0;
    this.waited = 0;
  },
};

/** How the emulator isolates transactions: see the header. */
export type FirestoreLocking = 'document' | 'global' | 'none';

type LockMode = 'shared' | 'exclusive';

/** A read-write transaction (or a plain commit) as the lock table sees it. */
type Tx = {
  id: string;
  /** Smaller is older; a retry keeps the age of the transaction it retries. */
  age: number;
  held: Map<string, LockMode>;
  /** Its requests that wait (reads of one transaction may run in parallel). */
  waiting: Set<LockRequest>;
  /** Why it can no longer go on (wounded, lease over, ended), or null while it runs. */
  over: string | null;
  readOnly: boolean;
  lease: NodeJS.Timeout | null;
};
type LockRequest = { tx: Tx; path: string; mode: LockMode; granted: () => void; aborted: (err: TxAborted) => void };
type LockEntry = { holders: Map<Tx, LockMode>; queue: LockRequest[] };

/** Sent as gRPC status ABORTED (10): firebase-admin's runTransaction retries on it. */
class TxAborted extends Error {
  readonly code = 10;
  constructor(readonly details: string) {
    super(details);
  }
}

const clash = (a: LockMode, b: LockMode) => a === 'exclusive' || b === 'exclusive';

/** Per-document shared/exclusive locks with wound-wait (see the header). */
class DocumentLocks {
  private entries = new Map<string, LockEntry>();
  private txs = new Map<string, Tx>();
  private nextAge = 0;

  constructor(private readonly leaseMs: number) {}

  /** A new transaction; `retrying` is the id of the one it retries, whose age it keeps. */
  begin(id: string, opts: { readOnly?: boolean; retrying?: string } = {}): Tx {
    const previous = opts.retrying ? this.txs.get(opts.retrying) : undefined;
    const tx: Tx = { id, age: previous ? previous.age : this.nextAge++, held: new Map(), waiting: new Set(), over: null, readOnly: opts.readOnly === true, lease: null };
    this.txs.set(id, tx);
    tx.lease = setTimeout(() => this.expire(tx), this.leaseMs);
    tx.lease.unref();
    return tx;
  }

  /** A plain commit's stand-in: not listed, so no client call can reach it. */
  batch(): Tx {
    return { id: '', age: this.nextAge++, held: new Map(), waiting: new Set(), over: null, readOnly: false, lease: null };
  }

  find(id: string): Tx | undefined {
    return this.txs.get(id);
  }

  /** Takes `mode` on every path, one after another in a fixed order; resolves at once (null) when nothing had to wait. */
  acquire(tx: Tx, paths: string[], mode: LockMode): Promise<void> | null {
    const todo = [...new Set(paths)].sort();
    for (let i = 0; i < todo.length; i++) {
      const wait = this.request(tx, todo[i]!, mode);
      if (wait) return wait.then(() => this.acquire(tx, todo.slice(i + 1), mode) ?? undefined);
    }
    return null;
  }

  /** Frees every lock of `tx` and ends it; a later call naming it is ABORTED. */
  end(tx: Tx, why: string): void {
    if (tx.over === null) {
      tx.over = why;
      if (why !== 'committed' && why !== 'rolled back') firestoreLockStats.aborted++;
    }
    for (const req of tx.waiting) {
      const entry = this.entries.get(req.path)!;
      entry.queue.splice(entry.queue.indexOf(req), 1);
      req.aborted(new TxAborted(`Transaction ${tx.over}.`));
      this.pump(req.path, entry);
    }
    tx.waiting.clear();
    for (const path of tx.held.keys()) {
      const entry = this.entries.get(path)!;
      entry.holders.delete(tx);
      this.pump(path, entry);
    }
    tx.held.clear();
    if (!tx.id) return;
    // Keep the record for one more lease, so that a late call gets ABORTED and a retry its age.
    if (tx.lease) clearTimeout(tx.lease);
    tx.lease = setTimeout(() => this.txs.delete(tx.id), this.leaseMs);
    tx.lease.unref();
  }

  /** Locks held and transactions known, for tests. */
  get size(): { locked: number; transactions: number } {
    return { locked: this.entries.size, transactions: this.txs.size };
  }

  private expire(tx: Tx): void {
    if (tx.over === null) this.end(tx, 'expired (lease over)');
    else this.txs.delete(tx.id);
  }

  private request(tx: Tx, path: string, mode: LockMode): Promise<void> | null {
    if (tx.over !== null) return Promise.reject(new TxAborted(`Transaction ${tx.over}.`));
    const had = tx.held.get(path);
    if (had === 'exclusive' || had === mode) return null;
    // Wound: an older transaction aborts every younger one holding a lock it clashes with. Again
    // until none is left: freeing one's locks may grant them to a younger waiter.
    for (let wounded = true; wounded; ) {
      wounded = false;
      for (const [other, held] of this.entries.get(path)?.holders ?? []) {
        if (other !== tx && clash(held, mode) && other.age > tx.age) {
          this.end(other, 'aborted by an older transaction (lock conflict)');
          wounded = true;
        }
      }
    }
    // (Ending one may have emptied and dropped the entry.)
    let entry = this.entries.get(path);
    if (!entry) {
      entry = { holders: new Map(), queue: [] };
      this.entries.set(path, entry);
    }
    const req: LockRequest = { tx, path, mode, granted: () => {}, aborted: () => {} };
    if (this.grantable(entry, req)) {
      entry.holders.set(tx, mode);
      tx.held.set(path, mode);
      return null;
    }
    // Wait: only for older transactions, so waits never form a cycle.
    firestoreLockStats.waited++;
    return new Promise<void>((resolve, reject) => {
      req.granted = resolve;
      req.aborted = reject;
      const at = entry.queue.findIndex((q) => q.tx.age > tx.age);
      entry.queue.splice(at < 0 ? entry.queue.length : at, 0, req);
      tx.waiting.add(req);
    });
  }

  /** No clashing holder, and no older clashing request waits before it. */
  private grantable(entry: LockEntry, req: LockRequest): boolean {
    for (const [other, held] of entry.holders) if (other !== req.tx && clash(held, req.mode)) return false;
    for (const q of entry.queue) {
      if (q === req || q.tx.age > req.tx.age) break;
      if (q.tx !== req.tx && clash(q.mode, req.mode)) return false;
    }
    return true;
  }

  private pump(path: string, entry: LockEntry): void {
    for (let i = 0; i < entry.queue.length; ) {
      const req = entry.queue[i]!;
      if (!this.grantable(entry, req)) {
        i++;
        continue;
      }
      entry.queue.splice(i, 1);
      entry.holders.set(req.tx, req.mode);
      req.tx.held.set(path, req.mode);
      req.tx.waiting.delete(req);
      req.granted();
    }
    if (entry.holders.size === 0 && entry.queue.length === 0) this.entries.delete(path);
  }
}

type Message = { transaction?: Uint8Array; document?: { name?: string }; found?: { name?: string }; missing?: string };

/** Runs a streaming handler with its messages collected instead of sent (the package's handlers are synchronous). */
function collect(handler: Handler, c: AnyCall): Message[] {
  const out: Message[] = [];
  const shadow = Object.create(c) as AnyCall & { end: () => void };
  shadow.write = (value) => {
    out.push(value as Message);
    return true;
  };
  shadow.end = () => {};
  handler(shadow);
  return out;
}

type WriteSpec = { update?: { name?: string }; delete?: string; transform?: { document?: string } };
const writtenPath = (w: WriteSpec): string => w.update?.name || w.delete || w.transform?.document || '';

/** A query Firestore refuses: FAILED_PRECONDITION (9) without its index, INVALID_ARGUMENT (3) past a limit. */
class QueryRefused extends Error {
  constructor(
    readonly details: string,
    readonly code: 3 | 9 = 9,
  ) {
    super(details);
  }
}

const fail = (c: AnyCall, err: unknown, cb?: (err: unknown, value: unknown) => void) => {
  const status = err instanceof TxAborted || err instanceof QueryRefused ? { code: err.code, details: err.details } : { code: 13, details: String(err) };
  if (cb) return cb(status, null);
  // Headers first, as Firestore sends them: a stream that fails before any is taken for a lost
  // connection and retried by the client for seconds (google-gax's retry-request).
  const stream = c as unknown as { metadata: object; sendMetadata(m: object): void; emit(event: string, e: unknown): void };
  stream.sendMetadata(new (stream.metadata.constructor as new () => object)());
  stream.emit('error', status);
};

type TxOptions = { has_read_only?: boolean; read_write?: { retry_transaction?: Uint8Array } };

function documentLocking(impl: Impl, locks: DocumentLocks): Impl {
  const call = (name: string): Handler => (impl[name] as Handler).bind(impl);

  const startTx = (options: TxOptions | undefined): { tx: Tx; id: Uint8Array } => {
    const id = randomBytes(12);
    const retrying = hex(options?.read_write?.retry_transaction);
    const tx = locks.begin(hex(id), { readOnly: options?.has_read_only === true, retrying: retrying || undefined });
    return { tx, id };
  };

  /** The transaction a read runs in (starting it if asked), or null for a plain read. */
  const txOf = (c: AnyCall): { tx: Tx; id: Uint8Array; isNew: boolean } | TxAborted | null => {
    const req = c.request as AnyCall['request'] & { new_transaction?: TxOptions };
    if (req.has_new_transaction === true || req.consistency_selector === 'new_transaction') return { ...startTx(req.new_transaction), isNew: true };
    const id = hex(req.transaction);
    if (!id) return null;
    const tx = locks.find(id);
    if (!tx) return new TxAborted('Transaction unknown or expired.');
    if (tx.over !== null) return new TxAborted(`Transaction ${tx.over}.`);
    return { tx, id: req.transaction!, isNew: false };
  };

  const read = (name: 'BatchGetDocuments' | 'RunQuery' | 'RunAggregationQuery'): Handler => (c) => {
    countReads(name, c);
    const inTx = txOf(c);
    if (inTx === null) return call(name)(c);
    if (inTx instanceof TxAborted) return fail(c, inTx);
    const { tx, id, isNew } = inTx;
    const send = (messages: Message[]) => {
      for (const m of messages) {
        if (m.transaction && m.transaction.length) m.transaction = id;
        c.write(m);
      }
      (c as unknown as { end(): void }).end();
    };
    if (tx.readOnly || name === 'RunAggregationQuery') return send(collect(call(name), c));
    let sentTx = false;
    const attempt = (): void => {
      const messages = collect(call(name), c);
      // A new transaction's id goes out before any wait, so that an abort leaves the client an id to retry with.
      if (isNew && !sentTx && name === 'BatchGetDocuments' && messages[0]?.transaction?.length) {
        sentTx = true;
        messages[0].transaction = id;
        c.write(messages[0]);
      }
      const paths =
        name === 'BatchGetDocuments' ? (c.request.documents as string[]) : messages.map((m) => m.document?.name ?? '').filter(Boolean);
      const wait = locks.acquire(tx, paths, 'shared');
      if (wait) {
        wait.then(attempt, (err: unknown) => fail(c, err));
        return;
      }
      send(sentTx ? messages.slice(1) : messages);
    };
    attempt();
  };

  const commit = (c: AnyCall, cb: (err: unknown, value: unknown) => void) => {
    firestoreOps.writes += (c.request.writes as unknown[] | undefined)?.length ?? 0;
    const paths = ((c.request.writes as WriteSpec[] | undefined) ?? []).map(writtenPath).filter(Boolean);
    const txId = hex(c.request.transaction);
    const apply = (tx: Tx) => {
      // Wounded between the grant of its last lock and now: its locks are gone.
      if (tx.over !== null) return fail(c, new TxAborted(`Transaction ${tx.over}.`), cb);
      try {
        call('Commit')(c, cb);
      } finally {
        locks.end(tx, 'committed');
      }
    };
    if (txId) {
      const tx = locks.find(txId);
      if (!tx || tx.over !== null) return fail(c, new TxAborted(tx ? `Transaction ${tx.over}.` : 'Transaction unknown or expired.'), cb);
      const wait = locks.acquire(tx, paths, 'exclusive');
      if (!wait) return apply(tx);
      wait.then(
        () => apply(tx),
        (err: unknown) => fail(c, err, cb),
      );
      return;
    }
    // A plain commit: wounded, it frees its locks and tries again, keeping its age.
    const tx = locks.batch();
    const attempt = (): void => {
      tx.over = null;
      const wait = locks.acquire(tx, paths, 'exclusive');
      if (!wait) return apply(tx);
      wait.then(
        () => (tx.over === null ? apply(tx) : attempt()),
        () => {
          locks.end(tx, 'aborted');
          attempt();
        },
      );
    };
    attempt();
  };

  return new Proxy(impl, {
    get(target, prop, receiver) {
      switch (prop) {
        case 'BeginTransaction':
          return (c: AnyCall, cb: (err: unknown, value: unknown) => void) => {
            cb(null, { transaction: startTx((c.request as { options?: TxOptions }).options).id });
          };
        case 'BatchGetDocuments':
        case 'RunQuery':
        case 'RunAggregationQuery':
          return read(prop);
        case 'Commit':
          return commit;
        case 'Rollback':
          return (c: AnyCall, cb: (err: unknown, value: unknown) => void) => {
            const tx = locks.find(hex(c.request.transaction));
            if (tx) locks.end(tx, 'rolled back');
            call('Rollback')(c, cb);
          };
        default: {
          const value = Reflect.get(target, prop, receiver);
          return typeof value === 'function' ? value.bind(target) : value;
        }
      }
    },
  });
}

function globalLocking(impl: Impl): Impl {
  const lock = new GlobalTxLock();
  const call = (name: string): Handler => (impl[name] as Handler).bind(impl);

  /** Starts a new transaction for a read that asked for one, rewriting the id it returns. */
  const withNewTransaction = (name: string): Handler => (c, cb) => {
    countReads(name, c);
    const startsTx =
      c.request.has_new_transaction === true || c.request.consistency_selector === 'new_transaction';
    if (!startsTx) return call(name)(c, cb);
    const id = randomBytes(12);
    void lock.acquire(hex(id)).then(() => {
      const write = c.write.bind(c);
      c.write = (value) => {
        if (value.transaction && value.transaction.length) value.transaction = id;
        return write(value);
      };
      call(name)(c, cb);
    });
  };

  return new Proxy(impl, {
    get(target, prop, receiver) {
      switch (prop) {
        case 'BeginTransaction':
          return (_c: AnyCall, cb: (err: unknown, value: unknown) => void) => {
            const id = randomBytes(12);
            void lock.acquire(hex(id)).then(() => cb(null, { transaction: id }));
          };
        case 'BatchGetDocuments':
        case 'RunQuery':
        case 'RunAggregationQuery':
          return withNewTransaction(prop);
        case 'Commit':
          return (c: AnyCall, cb: (err: unknown, value: unknown) => void) => {
            firestoreOps.writes += (c.request.writes as unknown[] | undefined)?.length ?? 0;
            const txId = hex(c.request.transaction);
            if (txId && lock.holds(txId)) {
              try {
                call('Commit')(c, cb);
              } finally {
                lock.release(txId);
              }
              return;
            }
            // A plain batch, or a transaction whose lease ran out: commit under the lock.
            const id = `commit-${hex(randomBytes(8))}`;
            void lock.acquire(id).then(() => {
              try {
                call('Commit')(c, cb);
              } finally {
                lock.release(id);
              }
            });
          };
        case 'Rollback':
          return (c: AnyCall, cb: (err: unknown, value: unknown) => void) => {
            lock.release(hex(c.request.transaction));
            call('Rollback')(c, cb);
          };
        default: {
          const value = Reflect.get(target, prop, receiver);
          return typeof value === 'function' ? value.bind(target) : value;
        }
      }
    },
  });
}

/** The bare package, with reads and writes still counted. */
function noLocking(impl: Impl): Impl {
  return new Proxy(impl, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      if (prop === 'BatchGetDocuments' || prop === 'RunQuery' || prop === 'RunAggregationQuery')
        return (c: AnyCall, cb?: (err: unknown, value: unknown) => void) => {
          countReads(prop, c);
          (value as Handler).call(target, c, cb);
        };
      if (prop === 'Commit')
        return (c: AnyCall, cb?: (err: unknown, value: unknown) => void) => {
          firestoreOps.writes += (c.request.writes as unknown[] | undefined)?.length ?? 0;
          (value as Handler).call(target, c, cb);
        };
      return value.bind(target);
    },
  });
}

/** One server's locking, switchable between runs (see setFirestoreLocking), and its state once the server is made. */
type Locking = {
  mode: FirestoreLocking;
  impls: Record<FirestoreLocking, Impl> | null;
  documents: DocumentLocks;
  state: EmulatorState | null;
  /** The composite indexes queries may use; null: any query runs. */
  indexes: readonly IndexSpec[] | null;
};

/** What encodedReads needs of the package's state (FirestoreState). */
type EmulatorState = { getDocument(path: string): WireDocument };

/**
 * A BatchGetDocumentsResponse already encoded, but for its transaction, which the locking sets
 * on it (gRPC's serializer calls serialize()). Fields: found 1, missing 2, transaction 3, read_time 4.
 */
class EncodedBatchGetResponse {
  constructor(
    private readonly fields: Buffer[],
    public transaction?: Uint8Array,
  ) {}

  serialize(): Buffer {
    return Buffer.concat(this.transaction?.length ? [...this.fields, lengthDelimited(3, this.transaction)] : this.fields);
  }
}

/** Each document's encoding, kept until it changes: every change replaces its fields or its metadata object. */
const encodedDocuments = new WeakMap<WireDocument, { fields: object; metadata: object; bytes: Uint8Array }>();

function documentBytes(doc: WireDocument): Uint8Array {
  const kept = encodedDocuments.get(doc);
  if (kept && kept.fields === doc.fields && kept.metadata === doc.metadata) return kept.bytes;
  const bytes = documentMessage(doc);
  encodedDocuments.set(doc, { fields: doc.fields, metadata: doc.metadata, bytes });
  return bytes;
}

/**
 * The package answers a BatchGetDocuments by making a protobuf message of each document, a plain
 * object of that, a message again, then encoding it: the largest part of the emulator's time
 * in the benchmark. This answer is the same, from each document's encoding as it was last
 * written. Everything else goes to the package.
 */
function encodedReads(impl: Impl, locking: Locking): Impl {
  // The package's own dummy id of a new transaction (the locking replaces it).
  const newTransaction = Uint8Array.from([17, 2, 0, 0, 0, 0, 0, 0, 0]);
  const batchGet: Handler = (c) => {
    const state = locking.state!;
    const readTime = lengthDelimited(4, timestampBytes(Date.now()));
    if (c.request.has_new_transaction === true) c.write(new EncodedBatchGetResponse([], newTransaction));
    for (const path of c.request.documents as string[]) {
      const doc = state.getDocument(path);
      c.write(new EncodedBatchGetResponse([doc.metadata.hasExist ? lengthDelimited(1, documentBytes(doc)) : lengthDelimited(2, Buffer.from(path)), readTime]));
    }
    (c as unknown as { end(): void }).end();
  };
  return new Proxy(impl, {
    get(target, prop, receiver) {
      if (prop === 'BatchGetDocuments') return batchGet;
      const value = Reflect.get(target, prop, receiver);
      // Bound to the package's object itself: its methods use its private state.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

function wrapImpl(packageImpl: Impl, locking: Locking): Impl {
  const impl = encodedReads(packageImpl, locking);
  const documents = documentLocking(impl, locking.documents);
  const global = globalLocking(impl);
  const none = noLocking(impl);
  locking.impls = { document: documents, global, none };
  // grpc-js looks the handlers up once, at addService: each one dispatches on the current mode.
  return new Proxy(packageImpl, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      return (c: AnyCall, cb?: (err: unknown, value: unknown) => void) => {
        firestoreOps.calls++;
        const query = queryOf(prop, c);
        const invalid = query ? invalidQuery(query) : null;
        if (invalid) return fail(c, new QueryRefused(invalid, 3), cb);
        const missing = query && locking.indexes ? missingIndex(query, locking.indexes) : null;
        // As deployed Firestore answers a query no declared index serves.
        if (missing) return fail(c, new QueryRefused(`The query requires an index: ${missing}. Add it to firestore.indexes.json.`), cb);
        return (locking.impls![locking.mode][prop as string] as Handler)(c, cb);
      };
    },
  });
}

/** The structured query a RunQuery or RunAggregationQuery call runs; null for other calls. */
function queryOf(method: string | symbol, c: AnyCall): QueryShape | null {
  if (method === 'RunQuery') return (c.request.structured_query as QueryShape | undefined) ?? null;
  if (method === 'RunAggregationQuery') return (c.request.structured_aggregation_query as { structured_query?: QueryShape } | undefined)?.structured_query ?? null;
  return null;
}

let patched = false;
function patchGrpcAddService(): void {
  if (patched) return;
  patched = true;
  patchQueries(require_resolve_emulator());
  patchFieldDeletes();
  patchDocumentLookup();
  patchListenScope();
  const require = createRequire(require_resolve_emulator());
  const grpc = require('@grpc/grpc-js') as {
    Server: { prototype: { addService: (def: unknown, impl: Impl) => void } };
  };
  const original = grpc.Server.prototype.addService;
  grpc.Server.prototype.addService = function (def: unknown, impl: Impl) {
    // Only the emulator's own service, while startFirestoreEmulator starts it.
    if (!starting) return original.call(this, def, impl);
    original.call(this, def, wrapImpl(impl, starting));
  };
}

function require_resolve_emulator(): string {
  return createRequire(import.meta.url).resolve('@firestore-emulator/server');
}

export type FirestoreServer = FirestoreServerType;

const lockings = new WeakMap<FirestoreServer, Locking>();
let starting: Locking | null = null;

/**
 * Starts the emulator on `port`, its transactions isolated by `locking` ('document' unless
 * told); `leaseMs` (15 s unless told) is how long a transaction may hold document locks.
 * Queries need the composite indexes of `indexes` (firestore.indexes.json unless told; null: none).
 */
export async function startFirestoreEmulator(
  port: number,
  opts: { locking?: FirestoreLocking; leaseMs?: number; indexes?: readonly IndexSpec[] | null } = {},
): Promise<FirestoreServer> {
  patchGrpcAddService();
  // The package's ESM build has extension-less imports that Node's ESM loader rejects; use its CJS build.
  const { FirestoreServer } = createRequire(import.meta.url)('@firestore-emulator/server') as {
    FirestoreServer: new () => FirestoreServer;
  };
  const locking: Locking = {
    mode: opts.locking ?? 'document',
    impls: null,
    documents: new DocumentLocks(opts.leaseMs ?? LEASE_MS),
    state: null,
    indexes: opts.indexes === undefined ? loadIndexes() : opts.indexes,
  };
  // The constructor registers the service (addService), which is where the locking goes in.
  starting = locking;
  let server: FirestoreServer;
  try {
    server = new FirestoreServer();
  } finally {
    starting = null;
  }
  if (!locking.impls) throw new Error('The Firestore emulator registered no gRPC service');
  locking.state = server.state as unknown as EmulatorState;
  // The package keeps its state in immer, which deep-freezes every new state by default: a
  // safety net against mutation that costs a tenth of the emulator's time. Nothing here mutates it.
  (createRequire(require_resolve_emulator())('immer') as { setAutoFreeze(on: boolean): void }).setAutoFreeze(false);
  // Every onSnapshot (one per open SSE stream) adds listeners to the state's emitter.
  (server.state as unknown as { emitter?: { setMaxListeners(n: number): void } }).emitter?.setMaxListeners(0);
  // The package's start() binds 0.0.0.0 (anyone on the network could read and write): loopback only.
  await bindLoopback(server, port);
  lockings.set(server, locking);
  return server;
}

/** What start() does, on 127.0.0.1 instead of every interface. */
function bindLoopback(server: FirestoreServer, port: number): Promise<void> {
  const grpc = createRequire(require_resolve_emulator())('@grpc/grpc-js') as typeof import('@grpc/grpc-js');
  const { server: grpcServer } = server as unknown as { server: import('@grpc/grpc-js').Server };
  return new Promise((resolve, reject) =>
    grpcServer.bindAsync(`127.0.0.1:${port}`, grpc.ServerCredentials.createInsecure(), (err) => (err ? reject(err) : resolve())),
  );
}

/** Switches a running emulator's locking (e.g. a benchmark comparing them); only while no transaction is open. */
export function setFirestoreLocking(server: FirestoreServer, mode: FirestoreLocking): void {
  const locking = lockings.get(server);
  if (!locking) throw new Error('Not an emulator started by startFirestoreEmulator');
  const { locked, transactions } = locking.documents.size;
  if (locked > 0) throw new Error(`${locked} documents are still locked (${transactions} transactions known)`);
  locking.mode = mode;
}

/**
 * The package adds a document to its collection (on a write, or a read of a missing one) with
 * immer's produce, which copies the collection's whole map of documents: each new document
 * costs time in proportion to the collection's size. Nothing holds on to the former map
 * (autofreeze is off, queries and snapshots read the current one), so add it in place.
 * Finding a project, database or collection went through produce too, even when it existed (a
 * draft for each level of every path read or written): one that exists is now returned as it
 * is, and only a new one goes through the package's method, which adds it and announces it.
 */
function patchDocumentLookup(): void {
  type Class = { prototype: Record<string, unknown> };
  const { FirestoreState, FirestoreStateProject, FirestoreStateDatabase, FirestoreStateCollection, FirestoreStateDocument } = createRequire(require_resolve_emulator())(
    '@firestore-emulator/server',
  ) as Record<'FirestoreState' | 'FirestoreStateProject' | 'FirestoreStateDatabase' | 'FirestoreStateCollection', Class> & {
    FirestoreStateDocument: Class & (new (...args: unknown[]) => unknown);
  };
  type Collection = { emitter: unknown; database: unknown; documents: Record<string, unknown> };
  FirestoreStateCollection.prototype.getDocument = function (this: Collection, name: string) {
    if (!Object.hasOwn(this.documents, name)) this.documents[name] = new FirestoreStateDocument(this.emitter, this.database, this, name, {}, {});
    return this.documents[name];
  };
  type Holder = Record<string, Record<string, unknown>>;
  const existingFirst = (owner: Class, method: string, children: string) => {
    const add = owner.prototype[method] as (this: Holder, name: string) => unknown;
    owner.prototype[method] = function (this: Holder, name: string) {
      const found = this[children]!;
      return Object.hasOwn(found, name) ? found[name] : add.call(this, name);
    };
  };
  existingFirst(FirestoreState, 'getProject', 'projects');
  existingFirst(FirestoreStateProject, 'getDatabase', 'databases');
  existingFirst(FirestoreStateDatabase, 'getCollection', 'collections');
  existingFirst(FirestoreStateDocument, 'getCollection', 'collections');
}

type WriteHandler = (event: { document?: { parent?: { getPath(): string; name?: string } } }) => unknown;
type Emitter = { on(event: string, handler: WriteHandler): unknown; off(event: string, handler: WriteHandler): unknown };

/**
 * The package's query listener runs its query again on every write anywhere in the database,
 * and sends every matching document again when the set of matches did not change (as if one had
 * been updated). Each open account stream holds several listeners, so every write cost each of
 * them a scan of its collection and a resend of all it matched: late in the browser suite,
 * about half a core of the stack's process. A write can change a query's answer only in the
 * query's own collection (for a collection-group query: a collection of that id under the
 * query's parent), so a query listener now ignores writes to other collections. Document
 * listeners are unchanged.
 */
function patchListenScope(): void {
  const { FirestoreState } = createRequire(require_resolve_emulator())('@firestore-emulator/server') as { FirestoreState: { prototype: Record<string, any> } };
  const orig = FirestoreState.prototype.v1Listen as (this: { emitter: Emitter }, listen: any, ...rest: unknown[]) => unknown;
  /** The filtering handler registered in place of each of the package's, so that its `off` finds it. */
  const scoped = new WeakMap<WriteHandler, WriteHandler>();
  const patchedOff = new WeakSet<Emitter>();
  FirestoreState.prototype.v1Listen = function (this: { emitter: Emitter }, listen: any, ...rest: unknown[]) {
    const query = listen.has_add_target && listen.add_target.has_query ? listen.add_target.query : null;
    if (!query) return orig.call(this, listen, ...rest);
    const from = query.structured_query.from[0] as { collection_id?: string; all_descendants?: boolean } | undefined;
    const collection = `${query.parent as string}/${from?.collection_id ?? ''}`;
    const group = from?.all_descendants === true;
    const inQuery = (parent: { getPath(): string; name?: string } | undefined): boolean =>
      !!parent && (group ? parent.name === from?.collection_id && parent.getPath().startsWith(`${query.parent as string}/`) : parent.getPath() === collection);
    const emitter = this.emitter;
    if (!patchedOff.has(emitter)) {
      patchedOff.add(emitter);
      const off = emitter.off;
      emitter.off = function (this: Emitter, event, handler) {
        return off.call(this, event, scoped.get(handler) ?? handler);
      };
    }
    const on = emitter.on;
    // The package registers its handlers while v1Listen runs (synchronously).
    emitter.on = function (this: Emitter, event, handler) {
      let inScope = scoped.get(handler);
      if (!inScope) {
        inScope = (e) => (inQuery(e.document?.parent) ? handler(e) : undefined);
        scoped.set(handler, inScope);
      }
      return on.call(this, event, inScope);
    };
    try {
      return orig.call(this, listen, ...rest);
    } finally {
      emitter.on = on;
    }
  };
}

type FieldMap = Record<string, { type: string; value: unknown }>;

/** `fields` without the field at `segments` (maps on the way copied, not changed). */
function withoutField(fields: FieldMap, segments: string[]): FieldMap {
  const [head, ...rest] = segments;
  if (head === undefined || !Object.hasOwn(fields, head)) return fields;
  const out = { ...fields };
  if (rest.length === 0) {
    delete out[head];
    return out;
  }
  const map = fields[head]!;
  if (map.type !== 'map_value') return fields;
  out[head] = Object.assign(Object.create(Object.getPrototypeOf(map) as object) as object, map, { value: withoutField(map.value as FieldMap, rest) });
  return out;
}

/**
 * The package's writes only ever add fields: a `set` without merge kept the fields the new data
 * lacks, and a field in an update's mask but not in its data (`FieldValue.delete()`, in
 * `update()` or `set(…, { merge: true })`, in a transaction or not) stayed. Firestore replaces
 * the whole document on a plain set and deletes such a field
 * (https://firebase.google.com/docs/firestore/manage-data/delete-data#fields). After the
 * package's write, the fields it should have removed are removed (a new fields object, so
 * the kept read encodings see the change).
 */
function patchFieldDeletes(): void {
  const { FirestoreState } = createRequire(require_resolve_emulator())('@firestore-emulator/server') as { FirestoreState: { prototype: Record<string, any> } };
  const orig = FirestoreState.prototype.writeV1Document as (this: EmulatorState, date: Date, write: any) => unknown;
  FirestoreState.prototype.writeV1Document = function (this: EmulatorState, date: Date, write: any) {
    const result = orig.call(this, date, write);
    if (!write.has_update) return result;
    const doc = this.getDocument(write.update.name as string) as unknown as { fields: FieldMap };
    const given = write.update.fields as Map<string, unknown>;
    let fields = doc.fields;
    if (write.has_update_mask) {
      const data = Object.fromEntries(given.entries()) as Record<string, any>;
      for (const path of write.update_mask.field_paths as string[]) {
        const segments = pathSegments(path);
        if (!messageHasPath(data, segments)) fields = withoutField(fields, segments);
      }
    } else {
      const transformed = new Set((write.update_transforms as { field_path: string }[]).map((t) => pathSegments(t.field_path)[0]));
      for (const key of Object.keys(fields)) if (!given.has(key) && !transformed.has(key)) fields = withoutField(fields, [key]);
    }
    if (fields !== doc.fields) doc.fields = fields;
    return result;
  };
}

/** Whether a write's data (a map of protobuf Values) holds `segments`. */
function messageHasPath(data: Record<string, any>, segments: string[]): boolean {
  let level: Record<string, any> | undefined = data;
  for (const seg of segments) {
    const v: any = level?.[seg];
    if (!v) return false;
    level = v.has_map_value ? Object.fromEntries((v.map_value.fields as Map<string, unknown>).entries()) : undefined;
  }
  return true;
}
