import fc from 'fast-check';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declarations, keyOf } from '../../common/api/index';
import { submittableSong } from './authz-world';
import { headerText, multipart } from './fuzz-arbitraries';
import { MAGIC, type Data, type FuzzBody } from './fuzz-bodies';
import { emulatorSafe, ENDLESS_ROUTES, genericFuzz, notPrototypeName, ROUTE_FUZZ, unknownPaths, type Auth, type FuzzRequest } from './fuzz-routes';
import { fuzzWorld, type FuzzWorld } from './fuzz-world';
import { startHarness, TEST_WEBHOOK_SECRET, type Harness } from './harness';
import { PNG } from './order-fixtures';
import { routeKey } from './routes';
import { describeWrites, startProbe, wroteNothing, type Probe, type ProbeResponse } from './write-probe';

/**
 * Generated requests against every route (fuzz-routes.ts): valid-shaped ones from the routes'
 * schemas with real and foreign ids, and broken ones (malformed JSON, wrong types and content
 * types, bodies over the limits, hostile ids and paths, bad multipart, garbage headers). No
 * answer may be a 5xx, and a refused request (4xx) may write nothing (write-probe.ts).
 *
 * FUZZ_RUNS is the number of requests (default 10,000; `npm run fuzz` sends 100,000), FUZZ_SEED
 * the seed (printed, so a failure reproduces: fast-check also prints the failing batch's path).
 * Requests go 8 at a time. With FUZZ_KEEP_GOING=1 (`npm run fuzz`) the run does not stop at the
 * first failing batch: every failure is grouped by route and problem and listed at the end.
 */

const REQUESTS = Number(process.env.FUZZ_RUNS ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_301);
/** Collect every failure of the run and list them at the end, grouped, instead of stopping at the first failing batch. */
const KEEP_GOING = process.env.FUZZ_KEEP_GOING === '1';
const BATCH = 50;
const IN_FLIGHT = 8;
const JSON_LIMIT = 64 * 1024;
const WEBHOOK_LIMIT = 1024 * 1024;
/** A request with no answer by then is a failure (an endless stream is cut as soon as its headers arrive). */
const ANSWER_MS = 30_000;

let h: Harness;
let probe: Probe;
let fw: FuzzWorld;
let song: Buffer;

beforeAll(async () => {
  h = await startHarness();
  probe = await startProbe(h);
  fw = await fuzzWorld(h);
  song = await submittableSong();
}, 120_000);

type Stat = { requests: number; statuses: Map<number, number>; ms: number };
const stats = new Map<string, Stat>();
const totals = { requests: 0, refused: 0, refusedWithWrites: 0, serverErrors: 0, noAnswer: 0, reservedIdLookups: 0 };
let fuzzStarted = Date.now();
/** Failures by "route: problem", with how often and one example request (listed at the end). */
const failureGroups = new Map<string, { count: number; example: string }>();

afterAll(async () => {
  await probe?.close();
  await h?.close();
  const rows = [...stats.entries()].sort(([a], [b]) => a.localeCompare(b));
  const width = Math.max(...rows.map(([r]) => r.length));
  const lines = rows.map(([route, s]) => {
    const statuses = [...s.statuses.entries()].sort(([a], [b]) => a - b).map(([code, n]) => `${code}×${n}`).join(' ');
    return `${route.padEnd(width)} ${String(s.requests).padStart(6)} ${String(Math.round(s.ms / s.requests)).padStart(5)} ms  ${statuses}`;
  });
  console.log(
    [
      `fuzz seed=${SEED} in ${Math.round((Date.now() - fuzzStarted) / 1000)} s: requests=${totals.requests} refused=${totals.refused} refused-with-writes=${totals.refusedWithWrites} 5xx=${totals.serverErrors} no-answer=${totals.noAnswer} reserved-id-lookups=${totals.reservedIdLookups}`,
      ...lines,
    ].join('\n'),
  );
});

function dataOf(d: Data): Buffer {
  switch (d.kind) {
    case 'text':
      return Buffer.from(d.text, 'utf8');
    case 'song':
      return song;
    case 'png':
      return PNG;
    case 'magic':
      return Buffer.concat([Buffer.from(MAGIC[d.magic], 'latin1'), Buffer.alloc(d.size, 0x5a)]);
    case 'zeros':
      return Buffer.alloc(d.size);
  }
}

/** `value` as JSON of `bytes` bytes (or a little more): its first field, or `x`, becomes a long string. */
function hugeJson(value: unknown, bytes: number): string {
  const base = typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...(value as Record<string, unknown>) } : {};
  const key = Object.keys(base)[0] ?? 'x';
  // defineProperty: the key may be '__proto__', which plain assignment would not create.
  const set = (v: string) => Object.defineProperty(base, key, { value: v, enumerable: true, writable: true, configurable: true });
  set('');
  set('a'.repeat(Math.max(0, bytes - Buffer.byteLength(JSON.stringify(base)))));
  return JSON.stringify(base);
}

function authHeader(auth: Auth, stranger: string): string | undefined {
  if ('header' in auth) return auth.header;
  if (auth.caller === 'none') return undefined;
  if (auth.caller === 'stranger') return `Bearer test:${stranger}`;
  return `Bearer ${fw.tokens[auth.caller]}`;
}

/** The bytes and headers of a generated request. */
function materialize(r: FuzzRequest, stranger: string): { headers: Record<string, string>; body?: string | Uint8Array<ArrayBuffer> } {
  const headers: Record<string, string> = { ...r.headers };
  const auth = authHeader(r.auth, stranger);
  if (auth !== undefined) headers.Authorization = auth;
  const b: FuzzBody = r.body;
  switch (b.kind) {
    case 'none':
      return { headers };
    case 'json':
      return { headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(b.value) ?? '' };
    case 'text':
      return { headers: { ...headers, 'Content-Type': b.contentType }, body: b.text };
    case 'huge':
      return { headers: { ...headers, 'Content-Type': 'application/json' }, body: hugeJson(b.value, b.bytes) };
    case 'multipart': {
      const { body, contentType } = multipart(b.parts.map((p) => ({ ...p, data: dataOf(p.data) })), b.mangle);
      return { headers: { ...headers, 'Content-Type': contentType }, body: new Uint8Array(body) };
    }
    case 'webhook': {
      const signature = b.signature === 'valid' ? Stripe.webhooks.generateTestHeaderString({ payload: b.payload, secret: TEST_WEBHOOK_SECRET }) : b.signature;
      return { headers: { ...headers, 'Content-Type': b.contentType, ...(signature ? { 'Stripe-Signature': signature } : {}) }, body: b.payload };
    }
  }
}

const describeRequest = (r: FuzzRequest): string => {
  const body = r.body.kind === 'json' ? JSON.stringify(r.body.value)?.slice(0, 300) : r.body.kind === 'text' ? JSON.stringify(r.body.text.slice(0, 300)) : r.body.kind;
  return `${r.method} ${r.path.slice(0, 300)} auth=${JSON.stringify(r.auth).slice(0, 80)} headers=${JSON.stringify(r.headers).slice(0, 200)} body=${body}${r.body.kind === 'multipart' ? ` parts=${JSON.stringify(r.body.parts.map((p) => [p.name, p.filename, p.data.kind]))} mangle=${r.body.mangle}` : ''}`;
};

/** What must hold for one answer; the problems found, if any. */
function problemsOf(r: FuzzRequest, sentBytes: number, res: ProbeResponse): string[] {
  const problems: string[] = [];
  // An unexpected error is a problem even behind a 4xx: an uncaught one ends a deployed instance.
  if (res.status >= 500 || res.errors.length) problems.push(`answered ${res.status}${res.errors.length ? ` after ${res.errors.join('\n  ')}` : ` ${res.text.slice(0, 200)}`}`);
  if (res.reservedIds.length) problems.push(`looked up the reserved document id ${JSON.stringify(res.reservedIds)} (real Firestore refuses it: a 500)`);
  if (res.status >= 400 && !wroteNothing(res.writes)) problems.push(`refused with ${res.status} but wrote ${describeWrites(res.writes)}`);
  // Past the JSON limit the body is refused before anything reads it (the webhook has its own 1 MB limit).
  const limit = r.route === 'POST /api/payments/webhook' ? WEBHOOK_LIMIT : JSON_LIMIT;
  if (r.body.kind === 'huge' && sentBytes > limit && res.status !== 413) problems.push(`a ${sentBytes}-byte JSON body got ${res.status}, not 413`);
  return problems;
}

function record(r: FuzzRequest, res: ProbeResponse | null, ms: number): void {
  totals.requests++;
  const status = res?.status ?? null;
  const wrote = res ? !wroteNothing(res.writes) : false;
  if (res?.reservedIds.length) totals.reservedIdLookups++;
  const s = stats.get(r.route) ?? { requests: 0, statuses: new Map<number, number>(), ms: 0 };
  stats.set(r.route, s);
  s.requests++;
  s.ms += ms;
  if (status === null) {
    totals.noAnswer++;
    return;
  }
  s.statuses.set(status, (s.statuses.get(status) ?? 0) + 1);
  if (status >= 500) totals.serverErrors++;
  if (status >= 400 && status < 500) {
    totals.refused++;
    if (wrote) totals.refusedWithWrites++;
  }
}

async function send(r: FuzzRequest, stranger: string): Promise<string[]> {
  const { headers, body } = materialize(r, stranger);
  let res: ProbeResponse;
  const started = Date.now();
  try {
    res = await probe.request({ method: r.method, path: r.path, headers, body, timeoutMs: ANSWER_MS });
  } catch (err) {
    record(r, null, Date.now() - started);
    return [`no answer: ${String(err)}`];
  }
  record(r, res, Date.now() - started);
  return problemsOf(r, body === undefined ? 0 : typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength, res);
}

/** Runs the batch IN_FLIGHT at a time; the problems of each request, with the request. */
async function runBatch(batch: FuzzRequest[], strangers: string[]): Promise<string[]> {
  const failures: string[] = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < batch.length; i = next++) {
      const problems = await send(batch[i]!, strangers[i]!);
      if (!problems.length) continue;
      const example = `${describeRequest(batch[i]!)}\n  → ${problems.join('\n  → ')}`;
      failures.push(example);
      for (const p of problems) {
        const key = `${batch[i]!.route}: ${p.split('\n')[0]!.replace(/\d{3,}/g, 'N').slice(0, 120)}`;
        const group = failureGroups.get(key) ?? { count: 0, example };
        group.count++;
        failureGroups.set(key, group);
      }
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return failures;
}

const authArb: fc.Arbitrary<Auth> = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom<Auth>({ caller: 'none' }, { caller: 'alice' }, { caller: 'bob' }, { caller: 'admin' }, { caller: 'super' }, { caller: 'alice' }, { caller: 'admin' }) },
  { weight: 1, arbitrary: fc.constantFrom<Auth>({ caller: 'ghost' }, { caller: 'stranger' }) },
  {
    weight: 1,
    arbitrary: fc
      .oneof(fc.constantFrom('Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', 'bearer test:x', 'Bearer test:', 'Bearer  test:x', `Bearer ${'x'.repeat(5000)}`), headerText(80))
      .map((header): Auth => ({ header })),
  },
);

const noiseArb: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    'Idempotency-Key': headerText(110),
    'X-Forwarded-For': headerText(60),
    'Fastly-Client-IP': headerText(40),
    Range: fc.oneof(fc.constantFrom('bytes=0-10', 'bytes=-5', 'bytes=10-5', 'bytes=abc', 'bytes=0-1,2-3', 'bytes=999999999-', 'items=0-1'), headerText(20)),
    Origin: fc.constantFrom('http://app.test', 'https://evil.test', 'null'),
  },
  { requiredKeys: [] },
);

describe('fuzz', () => {
  it(`answers ${REQUESTS} generated requests without a 5xx, and refused ones write nothing`, { timeout: Math.max(120_000, REQUESTS * 40) }, async () => {
    // The routes are the endpoint declarations (common/api), and the app serves exactly those.
    const declared = declarations().map(({ endpoint }) => endpoint);
    expect(probe.routes.map(routeKey).sort(), 'the routes of the app are the declared ones').toEqual(declared.map(keyOf).sort());
    const routes = declared.map((e) => ({ method: e.method, path: e.path, endpoint: e }));
    const perRoute = routes.map((route) => {
      const key = routeKey(route);
      const gen = ROUTE_FUZZ[key] ?? ((p) => genericFuzz(route, p));
      return gen(fw.pools).map((s) => ({ route: key as string, method: s.method ?? route.method, path: s.path, body: s.body ?? ({ kind: 'none' } as FuzzBody), headers: s.headers ?? {} }));
    });
    const shapes = fc.oneof(...perRoute, unknownPaths.map((s) => ({ route: 'unknown', method: s.method ?? 'GET', path: s.path, body: s.body ?? ({ kind: 'none' } as FuzzBody), headers: s.headers ?? {} })));
    // Mostly the route's own method; sometimes another one, which must be a 404 (or a CORS 204).
    const otherMethod = fc.oneof({ weight: 19, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS') });
    const noise = fc.oneof({ weight: 4, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: noiseArb });
    const request = fc.tuple(shapes, authArb, noise, otherMethod).map(([s, auth, noise, method]): FuzzRequest => {
      const m = method === 'HEAD' && ENDLESS_ROUTES.has(s.route) ? s.method : (method ?? s.method);
      const bodyless = m === 'GET' || m === 'HEAD' || m === 'OPTIONS';
      return { ...s, method: m, auth, headers: { ...noise, ...s.headers }, body: bodyless ? { kind: 'none' } : s.body };
    }).filter(emulatorSafe);
    const batch = fc.tuple(fc.array(request, { minLength: BATCH, maxLength: BATCH }), fc.array(fc.stringMatching(/^[A-Za-z0-9]{20,28}$/).filter(notPrototypeName), { minLength: BATCH, maxLength: BATCH }));

    console.log(`fuzz seed=${SEED} requests=${REQUESTS} (FUZZ_SEED, FUZZ_RUNS)`);
    fuzzStarted = Date.now();
    await fc.assert(
      fc.asyncProperty(batch, async ([requests, strangers]) => {
        const failures = await runBatch(requests, strangers);
        if (failures.length && !KEEP_GOING) throw new Error(`${failures.length} of ${requests.length} requests failed:\n${failures.join('\n')}`);
      }),
      // No shrinking: the data has moved on since the failing batch ran, so replays would not match.
      { seed: SEED, numRuns: Math.ceil(REQUESTS / BATCH), endOnFailure: true },
    );

    const groups = [...failureGroups.entries()].map(([key, g]) => `${g.count}× ${key}\n  e.g. ${g.example}`);
    expect(groups, `failures (seed ${SEED})`).toEqual([]);
    const unreached = routes.map(routeKey).filter((k) => !stats.has(k));
    expect(unreached, 'routes the fuzz never reached').toEqual([]);
    expect(totals).toMatchObject({ serverErrors: 0, refusedWithWrites: 0, noAnswer: 0 });
  });
});
