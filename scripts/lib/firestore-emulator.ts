/**
 * In-process Firestore emulator (@firestore-emulator/server) with serializable transactions.
 *
 * The package answers every read from the current state and commits without checking
 * anything, so two transactions that read-modify-write the same document both "win".
 * Real Firestore locks what a transaction reads. We reproduce that with one global lock:
 * a transaction holds it from its first read (or BeginTransaction) until Commit/Rollback,
 * and every commit (transactional or not) runs under it. Reads outside transactions are
 * never blocked. A lease frees the lock if a client vanishes mid-transaction.
 */
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import type { FirestoreServer as FirestoreServerType } from '@firestore-emulator/server';

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
 * commit. Snapshot listeners are not counted. For benchmarks; it changes no behaviour.
 */
export const firestoreOps = {
  reads: 0,
  writes: 0,
  reset(): void {
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

function wrapImpl(impl: Impl): Impl {
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

let patched = false;
function patchGrpcAddService(): void {
  if (patched) return;
  patched = true;
  patchQueryCursors();
  const require = createRequire(require_resolve_emulator());
  const grpc = require('@grpc/grpc-js') as {
    Server: { prototype: { addService: (def: unknown, impl: Impl) => void } };
  };
  const original = grpc.Server.prototype.addService;
  grpc.Server.prototype.addService = function (def: unknown, impl: Impl) {
    original.call(this, def, wrapImpl(impl));
  };
}

function require_resolve_emulator(): string {
  return createRequire(import.meta.url).resolve('@firestore-emulator/server');
}

export type FirestoreServer = FirestoreServerType;

export async function startFirestoreEmulator(port: number): Promise<FirestoreServer> {
  patchGrpcAddService();
  // The package's ESM build has extension-less imports that Node's ESM loader rejects; use its CJS build.
  const { FirestoreServer } = createRequire(import.meta.url)('@firestore-emulator/server') as {
    FirestoreServer: new () => FirestoreServer;
  };
  const server = new FirestoreServer();
  // Every onSnapshot (one per open SSE stream) adds listeners to the state's emitter.
  (server.state as unknown as { emitter?: { setMaxListeners(n: number): void } }).emitter?.setMaxListeners(0);
  await server.start(port);
  return server;
}

/**
 * The package ignores query cursors (startAt/startAfter) and ordering by document name, which
 * checkpoint pulls depend on. Re-sort by every orderBy (including __name__), apply the
 * cursor, then the limit.
 */
function patchQueryCursors(): void {
  const req = createRequire(require_resolve_emulator());
  const { FirestoreState } = req('@firestore-emulator/server') as { FirestoreState: { prototype: Record<string, any> } };
  const orig = FirestoreState.prototype.v1Query;
  const num = (v: any) => (v === undefined || v === null ? 0 : Number(v));
  const key = (v: any): [number, any] => {
    if (!v) return [0, null];
    if (v.timestamp_value) return [1, num(v.timestamp_value.seconds) * 1e9 + num(v.timestamp_value.nanos)];
    if (v.reference_value !== undefined && v.reference_value !== '') return [2, v.reference_value];
    if (v.string_value !== undefined && v.string_value !== '') return [3, v.string_value];
    if (v.integer_value !== undefined) return [4, num(v.integer_value)];
    if (v.double_value !== undefined) return [4, num(v.double_value)];
    return [0, null];
  };
  const cmp = (a: any, b: any) => {
    const [ka, va] = key(a);
    const [kb, vb] = key(b);
    if (ka !== kb) return ka - kb;
    return va < vb ? -1 : va > vb ? 1 : 0;
  };
  FirestoreState.prototype.v1Query = function (parent: string, query: any) {
    const orders = query.order_by as Array<{ field: { field_path: string }; direction: number }>;
    const byName = orders.some((o) => o.field.field_path === '__name__');
    if (!query.has_start_at && !byName) return orig.call(this, parent, query);
    const q = Object.create(query);
    Object.defineProperty(q, 'has_limit', { value: false });
    let docs: any[] = orig.call(this, parent, q);
    const valueOf = (d: any, path: string) =>
      path === '__name__' ? { reference_value: d.getPath() } : d.getField(path)?.toV1ValueObject();
    const tuple = (d: any) => orders.map((o) => valueOf(d, o.field.field_path));
    const cmpTuple = (a: any[], b: any[]) => {
      for (let i = 0; i < Math.min(a.length, b.length); i++) {
        const c = cmp(a[i], b[i]) * (orders[i]!.direction === 2 ? -1 : 1);
        if (c) return c;
      }
      return 0;
    };
    docs = docs.slice().sort((a, b) => cmpTuple(tuple(a), tuple(b)));
    if (query.has_start_at) {
      const values = query.start_at.values.map((v: any) => v.toObject());
      const before = query.start_at.before;
      docs = docs.filter((d) => {
        const c = cmpTuple(tuple(d), values);
        return before ? c >= 0 : c > 0;
      });
    }
    if (query.has_limit) docs = docs.slice(0, query.limit.value);
    return docs;
  };
}
