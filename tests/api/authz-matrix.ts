/**
 * The authorization matrix: for every route of the API, the status each kind of caller gets for
 * a well-formed request against a real resource. Columns:
 *
 * - anon: signed out (no Authorization header);
 * - user: signed in, with a profile, and no relation to the resource;
 * - owner: the user the resource in the path or body belongs to (`owner` says who that is), or
 *   'n/a' where the route has no owned resource;
 * - admin: the `admin` role; super: the `super_admin` role (neither owns the resource).
 *
 * Every caller and every resource is made fresh for each cell, so cells do not depend on each
 * other. The cases are the endpoint declarations (common/api): authz-matrix.test.ts fails for a
 * declaration without an entry here, an entry without a declaration, a route of the app without a
 * declaration and a declaration without a route, and for cells that contradict the declared access.
 */
import { readFile } from 'node:fs/promises';
import type { ProbeResponse } from './write-probe';
import { grant, PNG } from './order-fixtures';
import { adAudio, adForm, addRadioSubmission, trackWithAudio } from './radio-fixtures';
import type { RouteKey } from './routes';
import { submittableSong, type User, type World } from './authz-world';
import { solanaWallet } from './wallets';

/** A user the world signs up first, whose name the username lookup finds. */
export const KNOWN_USERNAME = 'matrix_known';
/** A stored file behind the signed-URL route. */
export const SIGNED_FILE = 'matrix/signed.txt';
/** A coupon anyone may redeem once. */
export const COUPON = 'MATRIX10';

export const KINDS = ['anon', 'user', 'owner', 'admin', 'super'] as const;
export type Kind = (typeof KINDS)[number];
export type Cell = number | 'n/a';

export type MatrixRequest = { method: string; path: string; json?: unknown; form?: FormData; body?: string; headers?: Record<string, string> };

export type Entry = {
  /** Who owns the resource the request names, or 'n/a'. */
  owner: string;
  expect: Record<Kind, Cell>;
  /** Makes the resource (owned by `owner()`) and the request; the runner adds the caller's token. */
  request: (w: World, owner: () => Promise<User>, caller: User | null) => Promise<MatrixRequest>;
  /** More about an allowed (2xx, 3xx) answer than its status. */
  check?: (res: ProbeResponse, kind: Kind) => void;
};

const cells = (anon: Cell, user: Cell, owner: Cell, admin: Cell, superAdmin: Cell): Record<Kind, Cell> => ({ anon, user, owner, admin, super: superAdmin });
const PUBLIC = cells(200, 200, 'n/a', 200, 200);
const SIGNED_IN = cells(401, 200, 'n/a', 200, 200);
const ADMIN_ONLY = cells(401, 403, 'n/a', 200, 200);
const ADMIN_ONLY_CREATED = cells(401, 403, 'n/a', 201, 201);
/** Admin work on something a plain user owns (their track, their listing): the owner is just a user. */
const ADMIN_ON_OWNED = (ok: number) => cells(401, 403, 403, ok, ok);
const SUPER_ON_OWNED = cells(401, 403, 403, 403, 200);
/** Only the owner (an order's party, a checkout's buyer); anyone else is told it does not exist. */
const OWNER_ONLY = cells(401, 404, 200, 404, 404);

const get = (path: string): MatrixRequest => ({ method: 'GET', path });
const post = (path: string, json?: unknown): MatrixRequest => ({ method: 'POST', path, json });
const fixed = (req: MatrixRequest) => async () => req;

const hasType = (type: string) => (res: ProbeResponse) => {
  if (!res.headers.get('content-type')?.startsWith(type)) throw new Error(`expected ${type}, got ${res.headers.get('content-type')}`);
};
/** An SSE stream as platform/http/sse.ts sends its headers (the runner cancels the body once they are in). */
const isEventStream = (res: ProbeResponse) => {
  hasType('text/event-stream')(res);
  if (res.headers.get('cache-control') !== 'no-cache, no-transform') throw new Error(`SSE Cache-Control: ${res.headers.get('cache-control')}`);
  if (res.headers.get('x-accel-buffering') !== 'no') throw new Error('SSE without X-Accel-Buffering: no');
};
const redirectsTo = (prefix: string) => (res: ProbeResponse) => {
  if (!res.headers.get('location')?.startsWith(prefix)) throw new Error(`expected a redirect to ${prefix}…, got ${res.headers.get('location')}`);
};

async function submission(): Promise<FormData> {
  const form = new FormData();
  form.append('title', 'Matrix Song');
  form.append('genre', 'Jazz');
  form.append('songType', 'human');
  form.append('submissionRoutes', '["contest"]');
  form.append('audioFile', new Blob([new Uint8Array(await submittableSong())]), 'song.mp3');
  return form;
}

function proofForm(orderId: string): FormData {
  const form = new FormData();
  form.append('order_id', orderId);
  form.append('image', new Blob([new Uint8Array(PNG)]), 'proof.png');
  return form;
}

export const MATRIX: Record<RouteKey, Entry> = {
  // Stripe's signature is the permission: a bearer token changes nothing (it is not even read).
  'POST /api/payments/webhook': {
    owner: 'n/a',
    expect: PUBLIC,
    request: async (w) => {
      const buyer = await w.newUser('whk');
      const { payload, signature } = w.paidEvent(await w.checkout(buyer), buyer.uid);
      return { method: 'POST', path: '/api/payments/webhook', body: payload, headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature } };
    },
  },
  'POST /api/accounts/signup': {
    owner: 'n/a',
    expect: cells(201, 201, 'n/a', 201, 201),
    request: async () => {
      const name = `su${Math.random().toString(36).slice(2, 12)}`;
      return post('/api/accounts/signup', { username: name, email: `${name}@example.test`, password: 'secret123' });
    },
  },
  'POST /api/accounts/ensure-profile': { owner: 'n/a', expect: SIGNED_IN, request: fixed(post('/api/accounts/ensure-profile', {})) },
  // The caller has followed the verification link (Auth's record says so).
  'POST /api/accounts/email-verified': {
    owner: 'n/a',
    expect: SIGNED_IN,
    request: async (w, _owner, caller) => {
      if (caller) w.h.auth.verifyEmail(caller.uid);
      return post('/api/accounts/email-verified');
    },
  },
  'GET /sitemap.xml': { owner: 'n/a', expect: PUBLIC, request: fixed(get('/sitemap.xml')) },
  'GET /api/openapi.json': {
    owner: 'n/a',
    expect: PUBLIC,
    request: fixed(get('/api/openapi.json')),
    check: (res) => {
      if ((res.json as { openapi?: string }).openapi !== '3.1.0') throw new Error(`not an OpenAPI 3.1 document: ${res.text.slice(0, 100)}`);
    },
  },
  'POST /api/accounts/verification-email': {
    owner: 'n/a',
    expect: cells(401, 202, 'n/a', 202, 202),
    request: fixed(post('/api/accounts/verification-email')),
  },
  // Anyone may ask, for any address: the answer is the same whether or not an account has it.
  'POST /api/accounts/password-reset': {
    owner: 'n/a',
    expect: cells(202, 202, 'n/a', 202, 202),
    // An address of each caller's own (the per-address limit is three a day).
    request: async (_w, _owner, caller) => post('/api/accounts/password-reset', { email: `matrix-reset-${caller?.uid ?? 'anon'}@example.test` }),
  },
  'POST /api/mail/unsubscribe': {
    owner: 'n/a',
    // Anyone may follow a link; a wrong one is refused alike for every caller.
    expect: cells(404, 404, 'n/a', 404, 404),
    request: fixed(post('/api/mail/unsubscribe', { u: 'matrix-nobody', t: 'z'.repeat(32) })),
  },
  // The List-Unsubscribe address opened in a browser: to the page that asks, for anyone.
  'GET /api/mail/unsubscribe': {
    owner: 'n/a',
    expect: cells(303, 303, 'n/a', 303, 303),
    request: fixed(get(`/api/mail/unsubscribe?u=matrix-nobody&t=${'z'.repeat(32)}`)),
    check: redirectsTo('http://app.test/unsubscribe?u=matrix-nobody&t='),
  },
  'GET /api/accounts/username/:username': { owner: 'n/a', expect: PUBLIC, request: fixed(get(`/api/accounts/username/${KNOWN_USERNAME}`)) },
  'POST /api/accounts/wallet': { owner: 'n/a', expect: SIGNED_IN, request: fixed(post('/api/accounts/wallet', { wallet_address: solanaWallet('authz') })) },
  'POST /api/accounts/cash-app-tag': { owner: 'n/a', expect: SIGNED_IN, request: fixed(post('/api/accounts/cash-app-tag', { cash_app_tag: '$Matrix1' })) },
  'GET /api/me': { owner: 'n/a', expect: SIGNED_IN, request: fixed(get('/api/me')) },
  'POST /api/tokens/claim-daily': { owner: 'n/a', expect: SIGNED_IN, request: fixed(post('/api/tokens/claim-daily')) },
  'POST /api/coupons/redeem': { owner: 'n/a', expect: SIGNED_IN, request: fixed(post('/api/coupons/redeem', { code: COUPON })) },
  'POST /api/admin/tokens/adjust': {
    owner: 'the user whose balance changes',
    expect: SUPER_ON_OWNED,
    request: async (_w, owner) => post('/api/admin/tokens/adjust', { user_id: (await owner()).uid, delta: 5 }),
  },
  'POST /api/admin/roles': {
    owner: 'the user whose roles change',
    expect: SUPER_ON_OWNED,
    request: async (_w, owner) => post('/api/admin/roles', { user_id: (await owner()).uid, role: 'admin', action: 'grant' }),
  },
  'GET /api/public/migration': { owner: 'n/a', expect: PUBLIC, request: fixed(get('/api/public/migration')) },
  // The token migration (issue 11): super admins only. Without force and below the threshold a run is refused (409) after the role check.
  'GET /api/cms/migration': { owner: 'n/a', expect: cells(401, 403, 'n/a', 403, 200), request: fixed(get('/api/cms/migration')) },
  'POST /api/cms/migration/run': { owner: 'n/a', expect: cells(401, 403, 'n/a', 403, 409), request: fixed(post('/api/cms/migration/run', {})) },
  'POST /api/cms/migration/settings': { owner: 'n/a', expect: cells(401, 403, 'n/a', 403, 200), request: fixed(post('/api/cms/migration/settings', { lock_days: 30 })) },
  'GET /api/cms/migration/claims': { owner: 'n/a', expect: cells(401, 403, 'n/a', 403, 200), request: fixed(get('/api/cms/migration/claims')) },
  // The owner of the claim is a plain user: settling it is the super admin's alone.
  'POST /api/cms/migration/claims/:id/settle': {
    owner: 'the user whose migration claim is unresolved',
    expect: SUPER_ON_OWNED,
    request: async (w, owner) => post(`/api/cms/migration/claims/${await w.unresolvedClaim(await owner())}/settle`, { outcome: 'not_sent' }),
    check: (res) => {
      if ((res.json as { claim?: string }).claim !== 'released') throw new Error(`settled as ${res.text}`);
    },
  },
  'GET /api/migration/me': { owner: 'n/a', expect: SIGNED_IN, request: fixed(get('/api/migration/me')) },
  // A fresh caller has nothing pending: `none` after the sign-in check.
  'POST /api/migration/claim': { owner: 'n/a', expect: cells(401, 200, 'n/a', 200, 200), request: fixed(post('/api/migration/claim', {})) },
  'GET /api/public/config': { owner: 'n/a', expect: PUBLIC, request: fixed(get('/api/public/config')) },
  'GET /api/public/leaderboards': { owner: 'n/a', expect: PUBLIC, request: fixed(get('/api/public/leaderboards')) },
  'GET /api/public/leaderboards/stream': { owner: 'n/a', expect: PUBLIC, request: fixed(get('/api/public/leaderboards/stream')), check: isEventStream },
  'GET /api/public/insights': { owner: 'n/a', expect: PUBLIC, request: fixed(get('/api/public/insights')) },
  'GET /api/public/insights.csv': { owner: 'n/a', expect: PUBLIC, request: fixed(get('/api/public/insights.csv')) },
  // Signed out, the sync stream carries only RESYNC and heartbeats; each caller sees only their own documents.
  'GET /api/sync/stream': { owner: 'n/a', expect: PUBLIC, request: fixed(get('/api/sync/stream?collections=profiles,orders')), check: isEventStream },
  'GET /api/sync/:collection/pull': { owner: 'n/a', expect: PUBLIC, request: fixed(get('/api/sync/orders/pull')) },
  // A vote naming someone else's session is answered (200) as a refused vote, never scored.
  'POST /api/sync/:collection/push': {
    owner: 'the vote session',
    expect: cells(401, 200, 200, 200, 200),
    request: async (w, owner) => {
      const session = await w.voteSession(await owner());
      const vote = { id: `v_${Math.random().toString(36).slice(2)}`, session_id: session.id, clip_id: session.clips[0]!.clip_id, guess: 'human', created_at: '2026-03-01T12:00:00.000Z' };
      return post('/api/sync/votes/push', [{ assumedMasterState: null, newDocumentState: vote }]);
    },
    check: (res, kind) => {
      const status = (res.json as Array<{ status: string }>)[0]?.status;
      if (status !== (kind === 'owner' ? 'scored' : 'rejected')) throw new Error(`vote of ${kind} is ${status}`);
    },
  },
  // The unguessable session id and clip handle are the capability (audio elements send no token).
  'GET /api/files/clips/:sessionId/:handle': {
    owner: 'the vote session',
    expect: cells(200, 200, 200, 200, 200),
    request: async (w, owner) => get((await w.voteSession(await owner())).clips[0]!.clip_url),
    check: hasType('audio/mpeg'),
  },
  // The HMAC signature is the permission.
  'GET /api/files/{*path}': {
    owner: 'n/a',
    expect: PUBLIC,
    request: async (w) => get(w.h.deps.storage.signedUrlSync(SIGNED_FILE, 3600)),
  },
  'POST /api/tracks': { owner: 'n/a', expect: cells(401, 201, 'n/a', 201, 201), request: async () => ({ method: 'POST', path: '/api/tracks', form: await submission() }) },
  'GET /api/cms/overview': { owner: 'n/a', expect: ADMIN_ONLY, request: fixed(get('/api/cms/overview')) },
  // The placeholder covers utility (issue 11): admins store the 26 covers and point tracks at them; anyone loads a stored one.
  'GET /api/cms/placeholders': { owner: 'n/a', expect: ADMIN_ONLY, request: fixed(get('/api/cms/placeholders')) },
  'POST /api/cms/placeholders/migrate-tracks': { owner: 'n/a', expect: ADMIN_ONLY, request: fixed(post('/api/cms/placeholders/migrate-tracks', {})) },
  'POST /api/cms/placeholders/:filename': {
    owner: 'n/a',
    expect: ADMIN_ONLY,
    request: async () => {
      const form = new FormData();
      // A real cover: an upload must decode as a JPEG.
      form.append('image', new Blob([new Uint8Array(await readFile('public/placeholders/cover-05.jpg'))], { type: 'image/jpeg' }), 'cover-05.jpg');
      return { method: 'POST', path: '/api/cms/placeholders/cover-05.jpg', form };
    },
  },
  'GET /api/files/placeholders/:filename': {
    owner: 'n/a',
    expect: PUBLIC,
    request: async (w) => {
      await w.h.deps.storage.put('placeholders/cover-06.jpg', Buffer.from('ffd8ffe000104a46494600', 'hex'), 'image/jpeg');
      return get('/api/files/placeholders/cover-06.jpg');
    },
  },
  'GET /api/cms/tracks': { owner: 'n/a', expect: ADMIN_ONLY, request: fixed(get('/api/cms/tracks?status=pending')) },
  // Issue 11: settings (the migration part of a save is super admin only, tests/api/config.test.ts) and CSV reports.
  'GET /api/cms/config': { owner: 'n/a', expect: ADMIN_ONLY, request: fixed(get('/api/cms/config')) },
  // A setting that creates tokens (the daily token) is the super admins' alone; admins keep the prices (grant-settings.test.ts).
  'POST /api/cms/config': { owner: 'n/a', expect: cells(401, 403, 'n/a', 403, 200), request: fixed(post('/api/cms/config', { pricing: { daily_drip: 1 } })) },
  'GET /api/cms/export/:file': { owner: 'n/a', expect: ADMIN_ONLY, request: fixed(get('/api/cms/export/users.csv')), check: hasType('text/csv') },
  'GET /api/cms/users': { owner: 'n/a', expect: ADMIN_ONLY, request: fixed(get('/api/cms/users?q=matrix')) },
  // A user's own ledger is not theirs to read here: the CMS view is for admins.
  'GET /api/cms/users/:id/ledger': {
    owner: 'the user whose ledger it is',
    expect: ADMIN_ON_OWNED(200),
    request: async (_w, owner) => get(`/api/cms/users/${(await owner()).uid}/ledger`),
  },
  'GET /api/cms/audit': { owner: 'n/a', expect: cells(401, 403, 'n/a', 403, 200), request: fixed(get('/api/cms/audit')) },
  'POST /api/cms/tracks/:id/approve': {
    owner: 'the track’s submitter',
    expect: ADMIN_ON_OWNED(200),
    request: async (w, owner) => post(`/api/cms/tracks/${(await w.pendingTrack(await owner())).id}/approve`, {}),
  },
  'POST /api/cms/tracks/:id/reject': {
    owner: 'the track’s submitter',
    expect: ADMIN_ON_OWNED(200),
    request: async (w, owner) => post(`/api/cms/tracks/${(await w.pendingTrack(await owner())).id}/reject`, {}),
  },
  'POST /api/cms/tracks/:id/delete': {
    owner: 'the track’s submitter',
    expect: ADMIN_ON_OWNED(200),
    request: async (w, owner) => post(`/api/cms/tracks/${(await w.pendingTrack(await owner())).id}/delete`),
  },
  'POST /api/cms/tracks/:id': {
    owner: 'the track’s submitter',
    expect: ADMIN_ON_OWNED(200),
    request: async (w, owner) => post(`/api/cms/tracks/${(await w.pendingTrack(await owner())).id}`, { title: 'Renamed by the matrix' }),
  },
  'POST /api/vote-sessions': { owner: 'n/a', expect: cells(401, 201, 'n/a', 201, 201), request: fixed(post('/api/vote-sessions', {})) },
  'POST /api/payments/checkout': { owner: 'n/a', expect: SIGNED_IN, request: fixed(post('/api/payments/checkout', { packageId: 'pro' })) },
  'GET /api/payments/session/:id': {
    owner: 'the checkout’s buyer',
    expect: OWNER_ONLY,
    request: async (w, owner) => get(`/api/payments/session/${await w.checkout(await owner())}`),
  },
  // The random session id is the capability to see and pay it, as a Stripe Checkout URL is.
  'GET /api/payments/local-checkout/:sessionId': {
    owner: 'the checkout’s buyer',
    expect: cells(200, 200, 200, 200, 200),
    request: async (w, owner) => get(`/api/payments/local-checkout/${await w.checkout(await owner())}`),
    check: hasType('text/html'),
  },
  // A browser form post (no token) pays; a signed-in caller must be the checkout's buyer.
  'POST /api/payments/local-checkout/:sessionId/pay': {
    owner: 'the checkout’s buyer',
    expect: cells(303, 403, 303, 403, 403),
    request: async (w, owner) => ({
      method: 'POST',
      path: `/api/payments/local-checkout/${await w.checkout(await owner())}/pay`,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: '',
    }),
    check: redirectsTo('/pricing/success?session_id='),
  },
  'GET /api/marketplace/search': { owner: 'n/a', expect: PUBLIC, request: fixed(get('/api/marketplace/search?section=basic&sort=price_asc&min=1')) },
  'GET /api/marketplace/listings/all': { owner: 'n/a', expect: ADMIN_ONLY, request: fixed(get('/api/marketplace/listings/all')) },
  'GET /api/marketplace/eligible-tracks': { owner: 'n/a', expect: ADMIN_ONLY, request: fixed(get('/api/marketplace/eligible-tracks')) },
  'GET /api/marketplace/listings/:id/preview': {
    owner: 'the seller',
    expect: cells(302, 302, 302, 302, 302),
    request: async (w, owner) => get(`/api/marketplace/listings/${(await w.listing(await owner())).id}/preview`),
    check: redirectsTo('/api/files/'),
  },
  // The seller pays to feature their listing (issue 11); anyone else is refused.
  'POST /api/marketplace/listings/:id/feature': {
    owner: 'the seller',
    expect: cells(401, 403, 200, 403, 403),
    request: async (w, owner) => post(`/api/marketplace/listings/${(await w.listing(await owner())).id}/feature`, {}),
  },
  // Listings are managed in the CMS: the track's own submitter is a plain user there.
  'POST /api/marketplace/listings': {
    owner: 'the track’s submitter (seller)',
    expect: ADMIN_ON_OWNED(201),
    request: async (w, owner) => post('/api/marketplace/listings', { track_id: (await w.marketTrack(await owner())).id }),
  },
  'POST /api/marketplace/listings/:id/active': {
    owner: 'the seller',
    expect: ADMIN_ON_OWNED(200),
    request: async (w, owner) => post(`/api/marketplace/listings/${(await w.listing(await owner())).id}/active`, { is_active: false }),
  },
  'POST /api/marketplace/listings/:id/delete': {
    owner: 'the seller',
    expect: ADMIN_ON_OWNED(200),
    request: async (w, owner) => post(`/api/marketplace/listings/${(await w.listing(await owner())).id}/delete`),
  },
  'POST /api/marketplace/listings/:id': {
    owner: 'the seller',
    expect: ADMIN_ON_OWNED(200),
    request: async (w, owner) => post(`/api/marketplace/listings/${(await w.listing(await owner())).id}`, { price_tokens: 20 }),
  },
  // Admins pay like anyone; the seller cannot buy their own listing (400).
  'POST /api/orders': {
    owner: 'the listing’s seller',
    expect: cells(401, 201, 400, 201, 201),
    request: async (w, owner) => post('/api/orders', { listing_id: (await w.listing(await owner())).id, method: 'TOKENS' }),
  },
  'GET /api/orders/:id': { owner: 'the buyer', expect: OWNER_ONLY, request: async (w, owner) => get(`/api/orders/${await w.licence(await owner())}`) },
  'POST /api/orders/:id/proof': {
    owner: 'the buyer of a Cash App order',
    expect: OWNER_ONLY,
    request: async (w, owner) => {
      const id = await w.cashOrder(await w.newUser('sel'), await owner());
      return { method: 'POST', path: `/api/orders/${id}/proof`, form: proofForm(id) };
    },
  },
  'POST /api/orders/:id/approve': {
    owner: 'the seller of a Cash App order',
    expect: OWNER_ONLY,
    request: async (w, owner) => post(`/api/orders/${await w.cashOrder(await owner(), await w.newUser('buy'))}/approve`),
  },
  'POST /api/orders/:id/reject': {
    owner: 'the seller of a Cash App order',
    expect: OWNER_ONLY,
    request: async (w, owner) => post(`/api/orders/${await w.cashOrder(await owner(), await w.newUser('buy'))}/reject`),
  },
  'GET /api/orders/:id/proof': { owner: 'the buyer', expect: OWNER_ONLY, request: async (w, owner) => get(`/api/orders/${await w.provenOrder(await owner())}/proof`) },
  'GET /api/orders/:id/download': { owner: 'the licensee', expect: OWNER_ONLY, request: async (w, owner) => get(`/api/orders/${await w.licence(await owner())}/download`) },
  'GET /api/orders/:id/certificate': {
    owner: 'the licensee',
    expect: OWNER_ONLY,
    request: async (w, owner) => get(`/api/orders/${await w.licence(await owner())}/certificate`),
    check: hasType('application/pdf'),
  },
  'GET /api/tracks/mine': { owner: 'n/a', expect: SIGNED_IN, request: fixed(get('/api/tracks/mine')) },
  // The owner of an approved track pays for it (given the tokens here); anyone else is told the track does not exist.
  'POST /api/radio/submissions': {
    owner: 'the track’s submitter',
    expect: cells(401, 404, 201, 404, 404),
    request: async (w, owner) => {
      const o = await owner();
      await grant(w.h, o.uid, 1000);
      return post('/api/radio/submissions', { track_id: (await trackWithAudio(w.h, o)).id, submission_type: 'music' });
    },
  },
  'POST /api/radio/ads': {
    owner: 'n/a',
    expect: cells(401, 201, 'n/a', 201, 201),
    request: async (w, _owner, caller) => {
      if (caller) await grant(w.h, caller.uid, 200);
      return { method: 'POST', path: '/api/radio/ads', form: adForm({}, await adAudio(15)) };
    },
  },
  'POST /api/cms/email/test': { owner: 'n/a', expect: ADMIN_ONLY, request: fixed(post('/api/cms/email/test', {})) },
  'POST /api/cms/email/campaigns': { owner: 'n/a', expect: ADMIN_ONLY_CREATED, request: fixed(post('/api/cms/email/campaigns', { subject: 'Matrix news', body: 'Hello from the matrix' })) },
  'POST /api/cms/email/campaigns/coupon': { owner: 'n/a', expect: ADMIN_ONLY_CREATED, request: fixed(post('/api/cms/email/campaigns/coupon', { code: COUPON })) },
  'POST /api/cms/email/campaigns/:id/send': {
    owner: 'n/a',
    expect: ADMIN_ONLY,
    request: async (w) => {
      const ref = w.h.db.collection('mail_campaigns').doc();
      const now = new Date(w.h.clock.now).toISOString();
      await ref.set({ id: ref.id, content: { type: 'message', subject: 'Matrix', body: 'Hello' }, created_by: 'matrix', created_at: now, updated_at: now, total: 1, cursor: null, processed: 0, queued: 0, skipped: 0, state: 'sending' });
      return post(`/api/cms/email/campaigns/${ref.id}/send`, {});
    },
  },
  'GET /api/cms/email/logs': { owner: 'n/a', expect: ADMIN_ONLY, request: fixed(get('/api/cms/email/logs')) },
  'GET /api/cms/email/templates': { owner: 'n/a', expect: ADMIN_ONLY, request: fixed(get('/api/cms/email/templates')) },
  'POST /api/cms/email/templates/:name': { owner: 'n/a', expect: ADMIN_ONLY, request: fixed(post('/api/cms/email/templates/coupon', { subject: 'Coupon {{code}}', body: 'Hi {{username}}, {{tokens}} tokens: {{code}}' })) },
  'POST /api/cms/email/templates/:name/reset': { owner: 'n/a', expect: ADMIN_ONLY, request: fixed(post('/api/cms/email/templates/coupon/reset', {})) },
  'POST /api/cms/email/templates/:name/preview': { owner: 'n/a', expect: ADMIN_ONLY, request: fixed(post('/api/cms/email/templates/welcome/preview', { subject: 'Hi {{username}}', body: 'Balance {{balance}}' })) },
  'GET /api/cms/radio/station': { owner: 'n/a', expect: ADMIN_ONLY, request: fixed(get('/api/cms/radio/station')) },
  // The admin needs the radio cost in tokens (not charged), given here.
  'POST /api/cms/radio/send': {
    owner: 'the track’s submitter',
    expect: ADMIN_ON_OWNED(201),
    request: async (w, owner, caller) => {
      if (caller) await grant(w.h, caller.uid, 1000);
      return post('/api/cms/radio/send', { track_id: (await trackWithAudio(w.h, await owner())).id });
    },
  },
  'POST /api/cms/radio/:id/approve': {
    owner: 'the submission’s owner',
    expect: ADMIN_ON_OWNED(200),
    request: async (w, owner) => post(`/api/cms/radio/${(await addRadioSubmission(w.h, await owner(), 'music')).id}/approve`, {}),
  },
  'POST /api/cms/radio/:id/reject': {
    owner: 'the submission’s owner',
    expect: ADMIN_ON_OWNED(200),
    request: async (w, owner) => post(`/api/cms/radio/${(await addRadioSubmission(w.h, await owner(), 'advertisement')).id}/reject`, {}),
  },
  'POST /api/cms/radio/:id/download-link': {
    owner: 'the submission’s owner',
    expect: ADMIN_ON_OWNED(200),
    request: async (w, owner) => post(`/api/cms/radio/${(await addRadioSubmission(w.h, await owner(), 'music')).id}/download-link`, {}),
  },
  'POST /api/cms/radio/:id/mark-uploaded': {
    owner: 'the submission’s owner',
    expect: ADMIN_ON_OWNED(200),
    request: async (w, owner) => post(`/api/cms/radio/${(await addRadioSubmission(w.h, await owner(), 'music', { status: 'approved' })).id}/mark-uploaded`, {}),
  },
  'POST /api/cms/radio/:id/upload': {
    owner: 'the submission’s owner',
    expect: ADMIN_ON_OWNED(200),
    request: async (w, owner) => post(`/api/cms/radio/${(await addRadioSubmission(w.h, await owner(), 'advertisement', { status: 'approved' })).id}/upload`, {}),
  },
  'POST /api/cms/radio/:id/schedule': {
    owner: 'the submission’s owner',
    expect: ADMIN_ON_OWNED(200),
    request: async (w, owner) => {
      const s = await addRadioSubmission(w.h, await owner(), 'music', { status: 'uploaded', sftp_uploaded: true });
      return post(`/api/cms/radio/${s.id}/schedule`, { scheduled_broadcast_time: new Date(w.h.clock.now + 3_600_000).toISOString() });
    },
  },
};
