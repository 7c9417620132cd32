// Loaded into the firebase-tools process of the local stack (NODE_OPTIONS=--import).
// The Hosting emulator forwards every request header to the function through undici, which
// refuses `Expect: 100-continue` (curl sends it for bodies over 1 MB) and the emulator then
// answers 500. Deployed Hosting handles the header; here it is dropped before forwarding.
import { Server } from 'node:http';
import { createRequire } from 'node:module';
import { basename, dirname } from 'node:path';

const load = createRequire(import.meta.url);
let undici = null;
try {
  undici = load(load.resolve('undici', { paths: [dirname(load.resolve('firebase-tools/package.json'))] }));
} catch {
  undici = null;
}
if (undici && typeof undici.request === 'function') {
  const request = undici.request;
  undici.request = function requestWithoutExpect(url, options) {
    const headers = options?.headers;
    if (headers && typeof headers === 'object' && !Array.isArray(headers)) {
      for (const key of Object.keys(headers)) if (key.toLowerCase() === 'expect') delete headers[key];
    }
    return request.call(this, url, options);
  };
}

// The Functions emulator runs one request per worker process and starts another process (1-3 s)
// for every request that arrives while the others are busy; an open SSE stream holds one for
// its whole life. Deployed, the api function (512 MiB, so 1 vCPU) serves up to 80 requests at
// once per instance (firebase-tools' DEFAULT_CONCURRENCY for functions with at least 1 vCPU).
// Here a busy worker takes further requests up to FUNCTIONS_CONCURRENCY, as an instance does.
// Only in the firebase-tools process: the function workers inherit NODE_OPTIONS too.
const inFirebaseTools = /^firebase(\.js)?$/.test(basename(process.argv[1] ?? ''));

// A path with a malformed percent-escape (`/%`, `/x%E0%A4%A`) makes the Hosting emulator's
// superstatic throw and answer 500. Deployed, Google's front end refuses such a request with a
// 400 before Hosting sees it; here every server of the firebase-tools process does the same.
if (inFirebaseTools) {
  const emit = Server.prototype.emit;
  Server.prototype.emit = function emitWellFormedRequests(event, req, res, ...rest) {
    if (event === 'request' && !wellEncodedPath(req.url ?? '/')) {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('400 Bad Request: malformed URL');
      return true;
    }
    return emit.call(this, event, req, res, ...rest);
  };
}

function wellEncodedPath(url) {
  try {
    decodeURIComponent(url.split('?')[0]);
    return true;
  } catch {
    return false;
  }
}

const concurrency = Number(process.env.FUNCTIONS_CONCURRENCY ?? 1);
if (concurrency > 1 && inFirebaseTools) {
  let workers = null;
  try {
    workers = load(load.resolve('firebase-tools/lib/emulator/functionsRuntimeWorker.js'));
  } catch {
    workers = null;
  }
  if (workers?.RuntimeWorker && workers.RuntimeWorkerPool) {
    const { RuntimeWorker, RuntimeWorkerPool, RuntimeWorkerState } = workers;
    const inFlight = new WeakMap();
    const request = RuntimeWorker.prototype.request;
    RuntimeWorker.prototype.request = function concurrentRequest(...args) {
      inFlight.set(this, (inFlight.get(this) ?? 0) + 1);
      // The original marks the worker IDLE when a request ends (or ends a worker told to finish,
      // which only a code reload does): with others still in flight it stays BUSY.
      const stillBusy = () => {
        const left = (inFlight.get(this) ?? 1) - 1;
        inFlight.set(this, left);
        if (left > 0 && this.state === RuntimeWorkerState.IDLE) this._state = RuntimeWorkerState.BUSY;
      };
      return request.apply(this, args).finally(stillBusy);
    };
    const getIdleWorker = RuntimeWorkerPool.prototype.getIdleWorker;
    RuntimeWorkerPool.prototype.getIdleWorker = function concurrentWorker(triggerId, runtime) {
      const idle = getIdleWorker.call(this, triggerId, runtime);
      if (idle) return idle;
      let best;
      for (const w of this.getTriggerWorkers(triggerId, runtime)) {
        const n = inFlight.get(w) ?? 0;
        if (w.state === RuntimeWorkerState.BUSY && n < concurrency && (!best || n < inFlight.get(best))) best = w;
      }
      return best;
    };
  }
}
