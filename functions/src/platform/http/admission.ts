import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';

/**
 * The instance's request budget for bodies, applied before anything reads them. The Functions
 * runtime parses every body (up to 32 MB) before the app's handler runs, so the app's own limits
 * (64 KB of JSON, the upload limits) come too late to keep memory in hand: 80 concurrent 32 MB
 * bodies are 2.5 GB on a 512 MiB instance. This guard sits in front of the runtime's own server:
 * a body whose declared length (Content-Length) is over what its kind of request may carry is
 * refused with 413, and one that would take the bodies in flight on this instance over the budget
 * is refused with 503 and Retry-After, in both cases before a byte of it is read (what follows is
 * discarded as it arrives, never held). A body sent without a length (chunked) counts
 * as the largest its kind may carry.
 */
export type BodyBudget = {
  /** The most a multipart upload may declare: the runtime's own cap. */
  uploadBytes: number;
  /** The most any other body may declare (JSON, a form, the Stripe webhook's event). */
  otherBytes: number;
  /** The declared bytes of bodies this instance reads at once. */
  inFlightBytes: number;
};

export const BODY_BUDGET: BodyBudget = {
  uploadBytes: 32 * 1024 * 1024,
  otherBytes: 1024 * 1024,
  // Three of the largest uploads at once on a 512 MiB instance, beside the app's own memory.
  inFlightBytes: 96 * 1024 * 1024,
};

/**
 * Answers at once, before a byte of the body is read; what the client still sends is discarded as
 * it arrives, never buffered (a proxy in front, such as the Hosting emulator, fails on a
 * connection closed while it is still writing the body: it would not pass the answer on).
 */
const refuse = (req: IncomingMessage, res: ServerResponse, status: number, code: string, message: string, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify({ error: { code, message } }));
  req.resume();
};

/** Wraps a server's request listener with the budget (see BodyBudget). */
export function admitBodies(listener: RequestListener, budget: BodyBudget = BODY_BUDGET): RequestListener {
  let inFlight = 0;
  return (req: IncomingMessage, res: ServerResponse) => {
    const upload = /^multipart\/form-data\b/i.test(req.headers['content-type'] ?? '');
    const max = upload ? budget.uploadBytes : budget.otherBytes;
    const header = req.headers['content-length'];
    const declared = header === undefined ? (req.headers['transfer-encoding'] ? max : 0) : Number(header);
    if (!Number.isFinite(declared) || declared < 0) return refuse(req, res, 400, 'bad_request', 'Invalid Content-Length');
    if (declared > max) return refuse(req, res, 413, 'payload_too_large', 'Request body too large');
    if (declared > 0 && inFlight + declared > budget.inFlightBytes) {
      return refuse(req, res, 503, 'unavailable', 'Too many uploads at once, please try again', { 'Retry-After': '5' });
    }
    inFlight += declared;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      inFlight -= declared;
    };
    res.once('finish', release);
    res.once('close', release);
    listener(req, res);
  };
}

let installed = false;

/**
 * Puts the budget in front of every HTTP server this process creates from now on: the Functions
 * runtime (deployed: the Functions Framework's server; locally: the emulator's) creates its
 * server after loading this module (functions/src/index.ts installs it first thing). Once.
 */
export function installBodyBudget(budget: BodyBudget = BODY_BUDGET): void {
  if (installed) return;
  installed = true;
  const createServer = http.createServer.bind(http) as (...args: unknown[]) => http.Server;
  const patched = (...args: unknown[]): http.Server => {
    const at = args.findIndex((a) => typeof a === 'function');
    if (at >= 0) args[at] = admitBodies(args[at] as RequestListener, budget);
    return createServer(...args);
  };
  (http as { createServer: unknown }).createServer = patched;
}
