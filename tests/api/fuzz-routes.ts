/**
 * What the fuzz test sends to each route: valid-shaped requests from the routes' schemas, with
 * ids of real documents (the caller's own and other users'), and everything that is wrong on
 * purpose. A route of the app without a generator here gets the generic one (fuzz.test.ts
 * checks that every route is reached either way).
 */
import fc from 'fast-check';
import type { Endpoint } from '../../common/api/contract';
import { CMS_TRACK_FILTERS } from '../../common/cms/cms-messages';
import { SONG_TYPES } from '../../common/contest/contest';
import { GENRES, TOKEN_PACKS } from '../../common/constants';
import { settleClaimInput } from '../../common/migration/migration-schemas';
import { CASH_TAG_PATTERN, ORDER_METHODS } from '../../common/marketplace/orders';
import { adjustTokensInput, couponInput, ensureProfileInput, passwordResetInput, roleChangeInput, signupInput, walletInput } from '../../common/schemas';
import { SYNC_COLLECTIONS } from '../../common/sync';
import { approveInput, editTrackInput } from '../../functions/src/cms/cms-schemas';
import { noFields } from '../../functions/src/platform/http/validate';
import { couponCampaignInput, mailContentInput } from '../../functions/src/mail/cms-schemas';
import { TEMPLATE_NAMES } from '../../functions/src/mail/templates';
import { activeInput, createListingInput, editListingInput } from '../../functions/src/marketplace/listing-schemas';
import { clientVote } from '../../functions/src/voting/vote-input';
import { bodyId, fromZod, headerText, mistyped, query, segment } from './fuzz-arbitraries';
import { jsonBody, proofBody, submissionBody, webhookBody, type FuzzBody } from './fuzz-bodies';
import { fillPath, type Route } from './routes';

/** Ids of the fixtures, for requests about real documents. */
export type Pools = {
  uids: string[];
  usernames: string[];
  trackIds: string[];
  listingIds: string[];
  orderIds: string[];
  checkoutIds: string[];
  /** The payment intents of those checkouts (refund and dispute events name them). */
  paymentIntents: string[];
  voteSessionIds: string[];
  clipHandles: string[];
  /** Paths of real clips (/api/files/clips/:session/:handle). */
  clipPaths: string[];
  /** Signed URLs of stored files (/api/files/...?expires&sig). */
  signedUrls: string[];
  coupons: string[];
  /** migration_log entries: an unresolved claim (until a fuzzed settle settles it) and ids of nothing. */
  claimIds: string[];
};

export type Caller = 'none' | 'alice' | 'bob' | 'admin' | 'super' | 'ghost' | 'stranger';
export type Auth = { caller: Caller } | { header: string };

export type FuzzRequest = { route: string; method: string; path: string; auth: Auth; headers: Record<string, string>; body: FuzzBody };

type Shape = { path: string; body?: FuzzBody; method?: string; headers?: Record<string, string> };
type Gen = (p: Pools) => fc.Arbitrary<Shape>;

const post = (path: fc.Arbitrary<string>, body: fc.Arbitrary<FuzzBody>, headers?: fc.Arbitrary<Record<string, string>>) =>
  fc.tuple(path, body, headers ?? fc.constant({})).map(([p, b, h]): Shape => ({ path: p, body: b, method: 'POST', headers: h }));
const getAt = (path: fc.Arbitrary<string>) => path.map((p): Shape => ({ path: p }));
const noBody = jsonBody(fc.constant({}));
const ids = (...pools: string[][]) => pools.flat();

const idempotencyKey = fc.option(
  fc.oneof(fc.stringMatching(/^[A-Za-z0-9._:-]{1,100}$/), headerText(120), fc.constantFrom('', 'k'.repeat(101), 'a b', 'ключ')),
  { nil: undefined, freq: 2 },
).map((k): Record<string, string> => (k === undefined ? {} : { 'Idempotency-Key': k.replace(/[^\x20-\x7e]/g, '?') }));

/** Template text with known, unknown and malformed placeholders. */
const templateText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom('Hi {{username}}', '{{app_url}}/vote', '{{code}} {{tokens}}', '{{nope}}', '{{ }}', '{{{username}}}', '{{__proto__}}', '{{a.b}}', 'x'.repeat(201)),
);

const seg = (pool: string[]) => segment(pool);
const at = (template: string, pool: string[]) => seg(pool).map((s) => template.replace('*', s));
const syncCollection = fc.oneof(fc.constantFrom(...SYNC_COLLECTIONS), fc.constantFrom('token_ledger', 'rate_limits', 'orders ', '', '..', 'Votes'));
const int = fc.oneof(fc.integer().map(String), fc.constantFrom('-1', '1.5', '1e3', 'abc', '', '9'.repeat(30), '0'));

/**
 * Routes whose answer never ends by itself. A HEAD request to them is not sent: Node sends a
 * HEAD response's headers only with its end (body writes are dropped), so the caller would wait
 * for the stream's end (50 s for SSE, never for the radio).
 */
export const ENDLESS_ROUTES: ReadonlySet<string> = new Set(['GET /api/public/leaderboards/stream', 'GET /api/sync/stream']);

export const ROUTE_FUZZ: Record<string, Gen> = {
  'POST /api/payments/webhook': (p) => webhookBody(p).map((body): Shape => ({ path: '/api/payments/webhook', body, method: 'POST' })),
  'POST /api/accounts/signup': (p) =>
    post(fc.constant('/api/accounts/signup'), jsonBody(fromZod(signupInput, { referral_code: bodyId(p.usernames), coupon: bodyId(p.coupons), username: fc.oneof(bodyId(p.usernames), fc.stringMatching(/^[a-z0-9_]{1,24}$/)) }))),
  'POST /api/accounts/ensure-profile': (p) => post(fc.constant('/api/accounts/ensure-profile'), jsonBody(fromZod(ensureProfileInput, { referral_code: bodyId(p.usernames) }))),
  'POST /api/accounts/email-verified': () => post(fc.constant('/api/accounts/email-verified'), noBody),
  'GET /sitemap.xml': () => getAt(fc.constant('/sitemap.xml')),
  'POST /api/accounts/verification-email': () => post(fc.constant('/api/accounts/verification-email'), noBody),
  'POST /api/accounts/password-reset': () => post(fc.constant('/api/accounts/password-reset'), jsonBody(fromZod(passwordResetInput))),
  'POST /api/mail/unsubscribe': () =>
    post(fc.constant('/api/mail/unsubscribe'), jsonBody(fc.record({ u: fc.string({ maxLength: 140 }), t: fc.string({ maxLength: 140 }), subscribe: fc.boolean() }, { requiredKeys: ['u', 't'] }))),
  'GET /api/accounts/username/:username': (p) => getAt(at('/api/accounts/username/*', p.usernames)),
  'POST /api/accounts/wallet': () => post(fc.constant('/api/accounts/wallet'), jsonBody(fromZod(walletInput))),
  'POST /api/migration/claim': () => post(fc.constant('/api/migration/claim'), noBody),
  'POST /api/accounts/cash-app-tag': () =>
    post(fc.constant('/api/accounts/cash-app-tag'), jsonBody(fc.record({ cash_app_tag: fc.oneof(fc.stringMatching(CASH_TAG_PATTERN), fc.string({ maxLength: 30 })) }))),
  'GET /api/me': () => getAt(fc.constant('/api/me')),
  'POST /api/tokens/claim-daily': () => post(fc.constant('/api/tokens/claim-daily'), noBody),
  'POST /api/coupons/redeem': (p) => post(fc.constant('/api/coupons/redeem'), jsonBody(fromZod(couponInput, { code: bodyId(p.coupons) }))),
  'POST /api/admin/tokens/adjust': (p) => post(fc.constant('/api/admin/tokens/adjust'), jsonBody(fromZod(adjustTokensInput, { user_id: bodyId(p.uids) }))),
  'POST /api/admin/roles': (p) => post(fc.constant('/api/admin/roles'), jsonBody(fromZod(roleChangeInput, { user_id: bodyId(p.uids) }))),
  'GET /api/cms/migration/claims': () => getAt(fc.constant('/api/cms/migration/claims')),
  'POST /api/cms/migration/claims/:id/settle': (p) => post(at('/api/cms/migration/claims/*/settle', p.claimIds), jsonBody(fromZod(settleClaimInput))),
  'GET /api/public/migration': () => getAt(query({ x: headerText(10) }).map((q) => `/api/public/migration${q}`)),
  'GET /api/public/config': () => getAt(query({ x: headerText(10) }).map((q) => `/api/public/config${q}`)),
  'GET /api/public/leaderboards': () => getAt(query({ x: headerText(10) }).map((q) => `/api/public/leaderboards${q}`)),
  'GET /api/public/leaderboards/stream': () => getAt(query({ since: int }).map((q) => `/api/public/leaderboards/stream${q}`)),
  'GET /api/sync/stream': () =>
    getAt(query({ collections: fc.array(syncCollection, { maxLength: 4 }).map((c) => c.join(',')) }).map((q) => `/api/sync/stream${q}`)),
  'GET /api/sync/:collection/pull': (p) =>
    getAt(
      fc
        .tuple(syncCollection, query({ id: fc.oneof(fc.constantFrom(...p.uids, ...p.orderIds), fc.string({ maxLength: 20 })), updatedAt: int, limit: int }))
        .map(([c, q]) => `/api/sync/${encodeURIComponent(c)}/pull${q}`),
    ),
  'POST /api/sync/:collection/push': (p) => {
    const vote = fromZod(clientVote, { session_id: bodyId(p.voteSessionIds), clip_id: bodyId(p.clipHandles) });
    const row = fc.record({ assumedMasterState: fc.oneof(fc.constant(null), fc.jsonValue({ maxDepth: 1 })), newDocumentState: fc.oneof({ weight: 5, arbitrary: vote }, { weight: 1, arbitrary: mistyped(vote) }) });
    return post(syncCollection.map((c) => `/api/sync/${encodeURIComponent(c)}/push`), jsonBody(fc.array(row, { maxLength: 3 })));
  },
  'GET /api/files/clips/:sessionId/:handle': (p) =>
    getAt(fc.oneof(fc.constantFrom(...p.clipPaths), fc.tuple(seg(p.voteSessionIds), seg(p.clipHandles)).map(([s, c]) => `/api/files/clips/${s}/${c}`))),
  'GET /api/files/placeholders/:filename': () =>
    getAt(
      fc
        .tuple(fc.constantFrom('cover-01.jpg', 'cover-26.jpg', 'cover-99.jpg', 'x.jpg'), query({ w: fc.oneof(fc.constantFrom('96', '192', '512'), int, headerText(6)) }))
        .map(([f, q]) => `/api/files/placeholders/${f}${q}`),
    ),
  'GET /api/files/{*path}': (p) =>
    getAt(
      fc.oneof(
        fc.constantFrom(...p.signedUrls),
        fc.tuple(fc.constantFrom(...p.signedUrls), headerText(20)).map(([u, junk]) => `${u}${encodeURIComponent(junk)}`),
        fc.tuple(fc.constantFrom(...p.signedUrls), fc.integer({ min: 0, max: 2e9 })).map(([u, e]) => u.replace(/expires=\d+/, `expires=${e}`)),
        fc.tuple(fc.array(seg([]), { minLength: 1, maxLength: 4 }), query({ expires: int, sig: headerText(43), download: headerText(30) })).map(([s, q]) => `/api/files/${s.join('/')}${q}`),
      ),
    ),
  'POST /api/tracks': () => post(fc.constant('/api/tracks'), submissionBody(), idempotencyKey),
  'GET /api/cms/overview': () => getAt(fc.constant('/api/cms/overview')),
  'GET /api/cms/export/:file': () =>
    getAt(
      fc
        .tuple(
          fc.oneof(fc.constantFrom('users.csv', 'tracks.csv', 'ledger.csv', 'orders.csv'), fc.string({ maxLength: 12 }).map(encodeURIComponent)),
          query({ from: fc.constantFrom('2026-03-01', '2026-02-30', 'x', ''), to: fc.constantFrom('2026-03-02', '1999-01-01', '') }),
        )
        .map(([f, q]) => `/api/cms/export/${f}${q}`),
    ),
  'GET /api/cms/users': () =>
    getAt(query({ q: fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('alice', 'A', '@', 'x'.repeat(101))), cursor: fc.oneof(fc.string({ maxLength: 40 }), fc.base64String({ maxLength: 60 }), fc.constantFrom('eyJwIjoiZW1haWwifQ', 'bnVsbA', 'eyJwIjoiYWxsIiwidiI6Ilx1ZDgwMCIsImlkIjoiYWJjIn0')) }).map((q) => `/api/cms/users${q}`)),
  'GET /api/cms/users/:id/ledger': (p) =>
    fc.tuple(at('/api/cms/users/*/ledger', p.uids), query({ cursor: fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('eyJ2IjoxLCJpZCI6Mn0', 'e30', 'eyJ2IjoiXHVkYzAwIiwiaWQiOiJhYmMifQ')) })).map(([path, q]): Shape => ({ path: `${path}${q}` })),
  'GET /api/cms/audit': () => getAt(query({ cursor: fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('eyJ2IjoiMjAyNiIsImlkIjoieCJ9', 'e30', 'eyJ2IjoiXHVkYzAwIiwiaWQiOiJhYmMifQ')) }).map((q) => `/api/cms/audit${q}`)),
  'POST /api/cms/email/test': () => post(fc.constant('/api/cms/email/test'), noBody),
  'POST /api/cms/email/campaigns': () => post(fc.constant('/api/cms/email/campaigns'), jsonBody(fromZod(mailContentInput)), idempotencyKey),
  'POST /api/cms/email/campaigns/coupon': (p) => post(fc.constant('/api/cms/email/campaigns/coupon'), jsonBody(fromZod(couponCampaignInput, { code: bodyId(p.coupons) })), idempotencyKey),
  'POST /api/cms/email/campaigns/:id/send': () => post(at('/api/cms/email/campaigns/*/send', ['nope']), noBody),
  'GET /api/cms/email/logs': () => getAt(query({ cursor: fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('eyJzIjoxLCJuIjowLCJpZCI6IngifQ', 'eyJzIjotMSwibiI6MCwiaWQiOiJ4In0', 'e30', 'eyJzIjoxLCJuIjowLCJpZCI6Ilx1ZDgwMCJ9')) }).map((q) => `/api/cms/email/logs${q}`)),
  'GET /api/cms/email/templates': () => getAt(fc.constant('/api/cms/email/templates')),
  'POST /api/cms/email/templates/:name': () => post(at('/api/cms/email/templates/*', TEMPLATE_NAMES), jsonBody(fromZod(mailContentInput, { subject: templateText, body: templateText }))),
  'POST /api/cms/email/templates/:name/reset': () => post(at('/api/cms/email/templates/*/reset', TEMPLATE_NAMES), noBody),
  'POST /api/cms/email/templates/:name/preview': () => post(at('/api/cms/email/templates/*/preview', TEMPLATE_NAMES), jsonBody(fromZod(mailContentInput, { subject: templateText, body: templateText }))),
  'GET /api/cms/tracks': () => getAt(query({ status: fc.oneof(fc.constantFrom(...CMS_TRACK_FILTERS), fc.string({ maxLength: 10 })) }).map((q) => `/api/cms/tracks${q}`)),
  'POST /api/cms/tracks/:id/approve': (p) => post(at('/api/cms/tracks/*/approve', p.trackIds), jsonBody(fromZod(approveInput))),
  'POST /api/cms/tracks/:id/reject': (p) => post(at('/api/cms/tracks/*/reject', p.trackIds), jsonBody(fromZod(noFields))),
  'POST /api/cms/tracks/:id/delete': (p) => post(at('/api/cms/tracks/*/delete', p.trackIds), jsonBody(fromZod(noFields))),
  'POST /api/cms/tracks/:id': (p) =>
    post(at('/api/cms/tracks/*', p.trackIds), jsonBody(fromZod(editTrackInput, { genre: fc.constantFrom(...GENRES, 'Polka'), song_type: fc.constantFrom(...SONG_TYPES, 'robot') }))),
  // `token_cost`: the price confirmed for a paid session (10 by default), or none.
  'POST /api/vote-sessions': () =>
    post(fc.constant('/api/vote-sessions'), jsonBody(fc.record({ token_cost: fc.oneof(fc.constant(10), fc.integer({ min: -5, max: 1_000_000_001 })) }, { requiredKeys: [] }))),
  'POST /api/payments/checkout': () =>
    post(fc.constant('/api/payments/checkout'), jsonBody(fc.record({ packageId: fc.oneof(fc.constantFrom(...TOKEN_PACKS.map((t) => t.id)), fc.string({ maxLength: 50 })) }))),
  'GET /api/payments/session/:id': (p) => getAt(at('/api/payments/session/*', p.checkoutIds)),
  'GET /api/payments/local-checkout/:sessionId': (p) => getAt(at('/api/payments/local-checkout/*', p.checkoutIds)),
  'POST /api/payments/local-checkout/:sessionId/pay': (p) =>
    post(at('/api/payments/local-checkout/*/pay', p.checkoutIds), fc.oneof(fc.constant<FuzzBody>({ kind: 'text', text: '', contentType: 'application/x-www-form-urlencoded' }), noBody)),
  'GET /api/marketplace/search': () =>
    getAt(
      query({
        section: fc.constantFrom('basic', 'featured', 'gold', ''),
        q: fc.oneof(fc.string({ maxLength: 45 }), fc.constantFrom('glass', 'Ramírez', '\ud800')),
        genre: fc.constantFrom('Jazz', 'Polka', ''),
        type: fc.constantFrom('ai', 'robot'),
        pay: fc.constantFrom('tokens', 'cash_app', 'paypal'),
        min: fc.oneof(fc.nat({ max: 2_000_000 }).map(String), fc.constantFrom('-1', '1.5', 'x', '')),
        max: fc.oneof(fc.nat({ max: 2_000_000 }).map(String), fc.constantFrom('-1', '1e3')),
        sort: fc.constantFrom('newest', 'price_asc', 'price_desc', 'fool_rate', 'rating', 'random'),
        cursor: fc.oneof(fc.string({ maxLength: 40 }), fc.base64String({ maxLength: 60 }), fc.constantFrom('eyJ2IjoxLCJpZCI6ImEiLCJoIjoieCJ9.AAAA', 'e30.e30')),
      }).map((q) => `/api/marketplace/search${q}`),
    ),
  'GET /api/marketplace/listings/all': () => getAt(fc.constant('/api/marketplace/listings/all')),
  'GET /api/marketplace/eligible-tracks': () => getAt(fc.constant('/api/marketplace/eligible-tracks')),
  'GET /api/marketplace/listings/:id/preview': (p) => getAt(at('/api/marketplace/listings/*/preview', p.listingIds)),
  'POST /api/marketplace/listings': (p) => post(fc.constant('/api/marketplace/listings'), jsonBody(fromZod(createListingInput, { track_id: bodyId(p.trackIds) }))),
  'POST /api/marketplace/listings/:id/active': (p) => post(at('/api/marketplace/listings/*/active', p.listingIds), jsonBody(fromZod(activeInput))),
  'POST /api/marketplace/listings/:id/delete': (p) => post(at('/api/marketplace/listings/*/delete', p.listingIds), noBody),
  'POST /api/marketplace/listings/:id': (p) => post(at('/api/marketplace/listings/*', p.listingIds), jsonBody(fromZod(editListingInput))),
  'POST /api/orders': (p) =>
    post(fc.constant('/api/orders'), jsonBody(fc.record({ listing_id: bodyId(p.listingIds), method: fc.oneof(fc.constantFrom(...ORDER_METHODS), fc.string({ maxLength: 8 })) })), idempotencyKey),
  'GET /api/orders/:id': (p) => getAt(at('/api/orders/*', p.orderIds)),
  'POST /api/orders/:id/proof': (p) => fc.tuple(seg(p.orderIds), proofBody(p.orderIds)).map(([id, body]): Shape => ({ path: `/api/orders/${id}/proof`, body, method: 'POST' })),
  'POST /api/orders/:id/approve': (p) => post(at('/api/orders/*/approve', p.orderIds), noBody),
  'POST /api/orders/:id/reject': (p) => post(at('/api/orders/*/reject', p.orderIds), noBody),
  'GET /api/orders/:id/proof': (p) => getAt(at('/api/orders/*/proof', p.orderIds)),
  'GET /api/orders/:id/download': (p) => getAt(at('/api/orders/*/download', p.orderIds)),
  'GET /api/orders/:id/certificate': (p) => getAt(at('/api/orders/*/certificate', p.orderIds)),
};

/** For a route without its own generator: its parameters from every pool, a body of its declared schema (common/api) or any JSON. */
export function genericFuzz(route: Route & { endpoint?: Endpoint }, p: Pools): fc.Arbitrary<Shape> {
  const names = [...route.path.matchAll(/\{\*(\w+)\}|:(\w+)/g)].map((m) => (m[1] ?? m[2])!);
  const all = ids(p.uids, p.trackIds, p.listingIds, p.orderIds, p.checkoutIds, p.voteSessionIds, p.clipHandles);
  const params = fc.tuple(...names.map(() => seg(all))).map((values) => fillPath(route.path, Object.fromEntries(names.map((n, i) => [n, values[i]!]))));
  const declared = route.endpoint?.body?.kind === 'json' ? fromZod(route.endpoint.body.schema) : null;
  const body = declared ? fc.oneof(declared, fc.jsonValue({ maxDepth: 3 })) : fc.jsonValue({ maxDepth: 3 });
  return route.method === 'GET' ? getAt(params) : post(params, jsonBody(body)).map((s) => ({ ...s, method: route.method }));
}

/** Paths no route serves, and known paths spelled oddly. */
export const unknownPaths: fc.Arbitrary<Shape> = fc
  .tuple(
    fc.oneof(
      fc.tuple(seg([]), seg([])).map(([a, b]) => `/api/${a}/${b}`),
      fc.constantFrom('/api', '/api/', '/api//me', '/api/me/', '/API/me', '/api/./me', '/api/%2e%2e/me', '/api/../api/me', '/', '/nope', '/api/orders//proof', '/api/files/', '/api/files/clips/x'),
    ),
    fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'),
  )
  .map(([path, method]): Shape => ({ path, method, body: method === 'GET' || method === 'OPTIONS' ? undefined : { kind: 'json', value: {} } }));

/**
 * Input the test's Firestore emulator cannot take, left out of every generated request: a
 * document id that names an Object.prototype member ('constructor', 'toString'…), in any
 * spelling the API normalizes ids to. The in-process emulator (@firestore-emulator/server) keeps
 * documents in plain objects and looks them up with `in`, so such an id crashes the emulator
 * itself (real Firestore takes it).
 */
const PROTOTYPE_NAMES = new Set(Object.getOwnPropertyNames(Object.prototype));

const decoded = (s: string): string => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

function stringsIn(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => stringsIn(v, out));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => stringsIn(v, out));
}

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

export const notPrototypeName = (s: string): boolean => !PROTOTYPE_NAMES.has(s);

export function emulatorSafe(r: Pick<FuzzRequest, 'path' | 'body'>): boolean {
  const strings: string[] = r.path.split(/[/?&=]/).map(decoded);
  const b = r.body;
  if (b.kind === 'json') stringsIn(b.value, strings);
  if (b.kind === 'text' || b.kind === 'webhook') stringsIn(parsed(b.kind === 'text' ? b.text : b.payload), strings);
  if (b.kind === 'multipart') for (const p of b.parts) if (p.data.kind === 'text') strings.push(p.data.text);
  return !strings.some((s) => [s, s.trim(), s.toLowerCase().replace(/[^a-z0-9_]/g, ''), s.trim().toUpperCase()].some((v) => PROTOTYPE_NAMES.has(v)));
}
