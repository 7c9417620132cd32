/**
 * Counts what each API request writes: Firestore documents (per collection) and stored files.
 *
 * Every firebase-admin write (DocumentReference.set/update/create/delete, WriteBatch.commit, a
 * transaction's commit) ends in WriteBatch.prototype._commit of @google-cloud/firestore, so that
 * one method is wrapped (once per process). A write is attributed to the request in whose async
 * context it was committed: the probe serves the same Express app (createApp, on the harness's
 * own deps) from a server that runs each request, and every event of its request and response
 * streams, inside an AsyncLocalStorage context. Binding the stream events matters: busboy and
 * body-limit read uploads through stream callbacks, which would otherwise run in the socket's
 * context and lose the request.
 *
 * Background work: the app starts no timer of its own when it is created (the order-expiry
 * sweep is started by the local stack, not by createApp). The leaderboard refresh timers of
 * leaderboards/refresh-scheduler.ts and the SSE heartbeats are started by requests, so they
 * carry the context of the request that started them (a scored vote push, a leaderboards view,
 * a CMS track change, a stream: all answered 2xx, and a later request only joins a pending
 * refresh); a refused request is never charged with them. Writes made outside any probed
 * request (fixtures, the harness's own server) are not attributed at all.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CollectionReference, WriteBatch } from 'firebase-admin/firestore';
import { createApp } from '../../functions/src/app';
import { log } from '../../functions/src/platform/log';
import type { Harness } from './harness';
import { listRoutes, loadLazyRoutes, type Route } from './routes';

/**
 * Request counters are bookkeeping that refused requests write on purpose (a failed coupon
 * guess must count against the caller's limit), so they are not counted as the request's writes.
 */
export const UNCOUNTED_COLLECTIONS: ReadonlySet<string> = new Set(['rate_limits']);

export type RequestWrites = {
  /** Documents written per collection (a document written twice counts twice). */
  docs: Map<string, number>;
  /** Storage paths this request stored and did not delete again. */
  filesAdded: Set<string>;
  /** Storage paths that existed before and that this request deleted. */
  filesRemoved: Set<string>;
};

/** Everything the probe notes about one request. */
type RequestRecord = RequestWrites & {
  /** Errors the API logged as unexpected (the cause of a 500), and exceptions left uncaught. */
  errors: string[];
  /** Document ids Firestore reserves (`__…__`) that the API looked up. */
  reservedIds: string[];
};

const context = new AsyncLocalStorage<RequestRecord>();

type Commit = (this: WriteBatch, ...args: unknown[]) => Promise<unknown>;
type BatchInternals = { _commit: Commit };
type BatchOps = { _ops?: Array<{ docPath: string }> };

let installed = false;

/** Wraps WriteBatch._commit once: a successful commit adds its documents to the current request's record. */
function installCommitProbe(): void {
  if (installed) return;
  installed = true;
  const proto = WriteBatch.prototype as unknown as BatchInternals;
  const original = proto._commit;
  if (typeof original !== 'function') throw new Error('WriteBatch.prototype._commit not found: the write probe needs updating for this firebase-admin');
  proto._commit = async function (this: WriteBatch, ...args: unknown[]) {
    const record = context.getStore();
    const paths = ((this as unknown as BatchOps)._ops ?? []).map((op) => op.docPath);
    const result = await original.apply(this, args);
    if (record) {
      for (const path of paths) {
        const segments = path.split('/');
        const collection = segments[segments.length - 2] ?? path;
        if (UNCOUNTED_COLLECTIONS.has(collection)) continue;
        record.docs.set(collection, (record.docs.get(collection) ?? 0) + 1);
      }
    }
    return result;
  };
}

/** Wraps the harness storage's put and delete so they are recorded against the current request. */
function probeStorage(storage: Harness['deps']['storage']): void {
  const put = storage.put.bind(storage);
  const remove = storage.delete.bind(storage);
  storage.put = async (path, data, contentType) => {
    await put(path, data, contentType);
    context.getStore()?.filesAdded.add(path);
  };
  storage.delete = async (path) => {
    await remove(path);
    const record = context.getStore();
    if (!record) return;
    if (record.filesAdded.has(path)) record.filesAdded.delete(path);
    else record.filesRemoved.add(path);
  };
}

/**
 * Firestore refuses document ids of the form `__…__` (reads included: an INVALID_ARGUMENT, so a
 * 500). The in-process emulator accepts them, so the probe notes every such id the API uses.
 */
const RESERVED_ID = /^__.*__$/;
let watchingIds = false;

function installIdProbe(): void {
  if (watchingIds) return;
  watchingIds = true;
  const proto = CollectionReference.prototype as unknown as { doc: (path?: string) => unknown };
  const doc = proto.doc;
  proto.doc = function (this: CollectionReference, ...args: [string?]) {
    const id = args[0];
    if (typeof id === 'string' && RESERVED_ID.test(id)) context.getStore()?.reservedIds.push(id);
    return doc.apply(this, args);
  };
}

let logging = false;

/**
 * Keeps what the API logs as an unexpected error (API_LOG is silent in tests) with the request
 * that caused it, and any exception the request left uncaught (deployed, that ends the instance).
 */
function probeLog(): void {
  if (logging) return;
  logging = true;
  process.on('uncaughtExceptionMonitor', (err) => {
    context.getStore()?.errors.push(`uncaught exception: ${err.stack ?? err.message}`);
  });
  const unexpected = log.unexpectedError;
  log.unexpectedError = (err: unknown) => {
    context.getStore()?.errors.push(err instanceof Error ? (err.stack ?? err.message) : String(err));
    unexpected(err);
  };
}

/** Runs every event of `emitter` in the request's context (see the file comment). */
function bindEvents(emitter: IncomingMessage | ServerResponse, record: RequestRecord): void {
  const emit = emitter.emit;
  emitter.emit = function (this: unknown, ...args: Parameters<typeof emit>) {
    return context.run(record, () => emit.apply(this, args));
  } as typeof emit;
}

export const totalDocs = (w: RequestWrites): number => [...w.docs.values()].reduce((a, b) => a + b, 0);

/** Nothing written: no document outside UNCOUNTED_COLLECTIONS, no file added or removed. */
export const wroteNothing = (w: RequestWrites): boolean => totalDocs(w) === 0 && w.filesAdded.size === 0 && w.filesRemoved.size === 0;

export const describeWrites = (w: RequestWrites): string =>
  JSON.stringify({ docs: Object.fromEntries(w.docs), filesAdded: [...w.filesAdded], filesRemoved: [...w.filesRemoved] });

export type ProbeRequest = {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer> | FormData;
  /** Give up (the request rejects) when no answer has come by then. */
  timeoutMs?: number;
};

export type ProbeResponse = {
  status: number;
  headers: Headers;
  /** The body as text (empty for a cancelled stream). */
  text: string;
  /** The body parsed as JSON, or undefined. */
  json: unknown;
  /** What the request wrote, complete once its response has ended. */
  writes: RequestWrites;
  /** What the API logged as unexpected errors while serving it (the cause of a 500). */
  errors: string[];
  /** Reserved document ids the API looked up (a 500 on real Firestore). */
  reservedIds: string[];
};

const PROBE_HEADER = 'x-write-probe';

/** A content type whose response never ends by itself (SSE, the demo radio's endless mp3). */
export const isEndlessStream = (headers: Headers): boolean => {
  const type = headers.get('content-type') ?? '';
  return type.startsWith('text/event-stream') || (type.startsWith('audio/mpeg') && !headers.get('content-length'));
};

export type Probe = {
  /** The routes of the app the probe serves. */
  routes: Route[];
  url: (path: string) => string;
  request: (req: ProbeRequest) => Promise<ProbeResponse>;
  close: () => Promise<void>;
};

/** Serves the harness's app through the probe; requests made through `request` report their writes. */
export async function startProbe(h: Harness): Promise<Probe> {
  installCommitProbe();
  installIdProbe();
  probeLog();
  probeStorage(h.deps.storage);
  const app = createApp(h.deps);
  const records = new Map<string, RequestRecord>();
  let next = 0;
  const server: Server = createServer((req, res) => {
    const id = String(++next);
    const record: RequestRecord = { docs: new Map(), filesAdded: new Set(), filesRemoved: new Set(), errors: [], reservedIds: [] };
    records.set(id, record);
    res.setHeader(PROBE_HEADER, id);
    bindEvents(req, record);
    bindEvents(res, record);
    context.run(record, () => app(req, res));
  });
  server.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await loadLazyRoutes(app);

  return {
    routes: listRoutes(app),
    url: (path) => `${base}${path}`,
    async request(r) {
      const abort = new AbortController();
      const timer = r.timeoutMs === undefined ? undefined : setTimeout(() => abort.abort(new Error(`no answer within ${r.timeoutMs} ms`)), r.timeoutMs);
      let res: Response;
      let text = '';
      try {
        res = await fetch(`${base}${r.path}`, { method: r.method, headers: r.headers, body: r.body, redirect: 'manual', signal: abort.signal });
        if (isEndlessStream(res.headers)) {
          await res.body?.cancel();
          abort.abort();
        } else {
          text = await res.text();
        }
      } finally {
        clearTimeout(timer);
      }
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      const id = res.headers.get(PROBE_HEADER);
      const record = id ? records.get(id) : undefined;
      if (!id || !record) throw new Error(`no probe record for ${r.method} ${r.path}`);
      records.delete(id);
      const { errors, reservedIds, ...writes } = record;
      return { status: res.status, headers: res.headers, text, json, writes, errors, reservedIds };
    },
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
