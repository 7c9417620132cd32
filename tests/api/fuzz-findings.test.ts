import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { world, type User, type World } from './authz-world';
import { multipart, type Part } from './fuzz-arbitraries';
import { startHarness, TEST_WEBHOOK_SECRET, type Harness } from './harness';
import { PNG } from './order-fixtures';
import { describeWrites, startProbe, wroteNothing, type Probe, type ProbeResponse } from './write-probe';

/**
 * Requests the fuzz test (fuzz.test.ts) once found mishandled (500s, an uncaught exception,
 * reserved ids sent to Firestore), kept as plain regression cases that expect the right answer:
 * a 4xx (or an acknowledged 200 for the webhook), no unexpected error, nothing written.
 */

let h: Harness;
let probe: Probe;
let w: World;
let user: User;

beforeAll(async () => {
  h = await startHarness();
  probe = await startProbe(h);
  w = world(h);
  user = await w.newUser('fnd');
});
afterAll(async () => {
  await probe.close();
  await h.close();
});

const bearer = (u: User) => ({ Authorization: `Bearer ${u.token}` });

function expectClean(res: ProbeResponse, allowed: number[]) {
  expect(res.errors, 'unexpected errors').toEqual([]);
  expect(allowed, `status ${res.status}: ${res.text.slice(0, 200)}`).toContain(res.status);
  if (res.status >= 400) expect(wroteNothing(res.writes), describeWrites(res.writes)).toBe(true);
  expect(res.reservedIds, 'reserved document ids looked up').toEqual([]);
}

describe('a signed webhook delivery that is not a Stripe event', () => {
  const payloads = ['null', '{"type":"checkout.session.completed"}', '{"id":"evt_1","type":"checkout.session.completed","data":{"object":null}}'];
  it.each(payloads)('%s is refused or acknowledged, never a 500', async (payload) => {
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: TEST_WEBHOOK_SECRET });
    const res = await probe.request({ method: 'POST', path: '/api/payments/webhook', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature }, body: payload });
    expectClean(res, [200, 400]);
    expect(wroteNothing(res.writes), describeWrites(res.writes)).toBe(true);
  });
});

/**
 * A lone UTF-16 surrogate is valid JSON (`"\ud800"`) but no Firestore id: the read failed ("Did
 * not receive document"), a 500, on every route that reads a body id. The id schema
 * (common/schemas.ts docId) now refuses it; the fuzz generates such ids on every route.
 */
it('an id in a JSON body that is not well-formed UTF-16 is refused with a 4xx', async () => {
  const admin = await w.newAdmin('admin');
  const res = await probe.request({ method: 'POST', path: '/api/marketplace/listings', headers: { ...bearer(admin), 'Content-Type': 'application/json' }, body: JSON.stringify({ track_id: '\ud800' }) });
  expectClean(res, [400, 404]);
});

/**
 * Free text with a lone surrogate passed every schema, and Firestore then refused to store it
 * ("not valid for encoding utf-8"): a 500 from an email campaign, an email template, a track edit
 * and a token adjustment's note (an outside review). Any body with one is now refused first.
 */
describe('free text that is not well-formed UTF-16', () => {
  const cases: Array<[string, string, (uid: string) => unknown]> = [
    ['a campaign subject', '/api/cms/email/campaigns', () => ({ subject: '\ud800', body: 'x' })],
    ["a template's subject", '/api/cms/email/templates/welcome', () => ({ subject: 'Welcome \ud83d', body: 'Hi {{username}}' })],
    ["a track's title", '/api/cms/tracks/:id', () => ({ title: 'ok \udc00' })],
    ["an adjustment's note", '/api/admin/tokens/adjust', (uid) => ({ user_id: uid, delta: 1, note: 'refund \udc00' })],
    ['a key', '/api/admin/tokens/adjust', (uid) => ({ user_id: uid, delta: 1, note: 'refund', '\ud800': 1 })],
  ];
  it.each(cases)('in %s (%s) is refused with a 400 that says so, and nothing is written', async (_, route, body) => {
    const admin = await w.newAdmin('super_admin');
    const track = await w.pendingTrack(user);
    const res = await probe.request({
      method: 'POST',
      path: route.replace(':id', track.id),
      headers: { ...bearer(admin), 'Content-Type': 'application/json' },
      body: JSON.stringify(body(user.uid)),
    });
    expectClean(res, [400]);
    expect(JSON.parse(res.text)).toEqual({ error: { code: 'invalid_argument', message: 'Text must be valid Unicode' } });
  });
});

/**
 * A multipart text part may name its own charset: busboy decodes utf-16le as UCS-2, which keeps a
 * lone surrogate, and Firestore then refused the title (or an ad's name) with a 500 (outside
 * review, 2026-11-28). The JSON check did not see it; the form reader refuses it now.
 */
describe('a multipart text field that is not well-formed UTF-16', () => {
  const loneSurrogate = Buffer.from([0x41, 0x00, 0x00, 0xd8, 0x42, 0x00]); // "A\ud800B" in UTF-16LE
  const field = (name: string): Part => ({ name, contentType: 'text/plain; charset=utf-16le', data: loneSurrogate });
  const audio: Part = { name: 'audioFile', filename: 's.mp3', contentType: 'audio/mpeg', data: Buffer.alloc(500, 0xff) };
  it.each([
    { name: 'a track’s title', path: '/api/tracks', role: null, parts: [field('title'), { name: 'genre', data: 'Jazz' }, audio] },
    { name: 'a radio ad’s name', path: '/api/radio/ads', role: 'super_admin' as const, parts: [field('name'), audio] },
  ])('is refused with a 400: $name', async (c) => {
    const caller = c.role ? await w.newAdmin(c.role) : user;
    const { body, contentType } = multipart(c.parts, 'none');
    const res = await probe.request({ method: 'POST', path: c.path, headers: { ...bearer(caller), 'Content-Type': contentType }, body: new Uint8Array(body) });
    expectClean(res, [400]);
    expect(JSON.parse(res.text)).toMatchObject({ error: { message: 'Text must be valid Unicode' } });
  });
});

describe('a multipart upload cut short inside its file', () => {
  /** The body up to the middle of its file part: the client went away, or lied about the end. */
  const cut = (parts: Part[]) => {
    const { body, contentType } = multipart(parts, 'none');
    return { body: new Uint8Array(body.subarray(0, body.length - 40)), contentType };
  };

  it('is refused (payment proof) without an uncaught exception', async () => {
    const orderId = await w.cashOrder(await w.newUser('sel'), user);
    const { body, contentType } = cut([{ name: 'image', filename: 'p.png', contentType: 'image/png', data: Buffer.concat([PNG, Buffer.alloc(200)]) }]);
    const res = await probe.request({ method: 'POST', path: `/api/orders/${orderId}/proof`, headers: { ...bearer(user), 'Content-Type': contentType }, body });
    expectClean(res, [400]);
  });

  it('is refused (track submission) without an uncaught exception', async () => {
    const fields: Part[] = [
      { name: 'title', data: 'Cut' },
      { name: 'genre', data: 'Jazz' },
      { name: 'songType', data: 'human' },
      { name: 'submissionRoutes', data: '["contest"]' },
    ];
    const { body, contentType } = cut([...fields, { name: 'audioFile', filename: 's.mp3', contentType: 'audio/mpeg', data: Buffer.alloc(500, 0xff) }]);
    const res = await probe.request({ method: 'POST', path: '/api/tracks', headers: { ...bearer(user), 'Content-Type': contentType }, body });
    expectClean(res, [400]);
  });
});

describe('a document id Firestore reserves (__…__)', () => {
  it.each([
    { name: 'username lookup', method: 'GET', path: '/api/accounts/username/__x__' },
    { name: 'sign-up referral code', method: 'POST', path: '/api/accounts/signup', body: { username: 'reserved_ref', email: 'reserved_ref@example.test', password: 'secret123', referral_code: '__x__' } },
    { name: 'ensure-profile referral code', method: 'POST', path: '/api/accounts/ensure-profile', body: { referral_code: '__x__' }, who: 'ghost' },
  ])('is never looked up: $name', async (c) => {
    const headers: Record<string, string> = c.body ? { 'Content-Type': 'application/json' } : {};
    if (c.who) headers.Authorization = 'Bearer test:reserved_ghost';
    const res = await probe.request({ method: c.method, path: c.path, headers, body: c.body ? JSON.stringify(c.body) : undefined });
    expect(res.reservedIds, 'reserved document ids looked up (real Firestore refuses them: a 500)').toEqual([]);
    expect(res.status).toBeLessThan(500);
  });
});

/**
 * The unsubscribe link's `u` is a user id from a mail. One that cannot be a document id went
 * straight to Firestore: a "/" made doc() throw (a 500, found by an outside audit), and real
 * Firestore refuses "..", "__x__" too. It is a link that was never sent: the bad-link 404.
 */
describe('an unsubscribe link whose user id is no document id', () => {
  const TOKEN = 'x'.repeat(32);
  it.each(['a/b', '..', '__x__'])('%s answers the bad-link 404, in the body and in the one-click query', async (u) => {
    const body = await probe.request({ method: 'POST', path: '/api/mail/unsubscribe', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ u, t: TOKEN }) });
    expectClean(body, [404]);
    expect(body.json).toMatchObject({ error: { message: 'This unsubscribe link is not valid. Use the link from your latest email.' } });
    const oneClick = await probe.request({ method: 'POST', path: `/api/mail/unsubscribe?u=${encodeURIComponent(u)}&t=${TOKEN}` });
    expectClean(oneClick, [404]);
  });
});

/**
 * A page cursor is base64url JSON the server made, but a caller can make one up: its document
 * id went into startAfter() on a document-id order, where a "/" throws (a 500 on four CMS lists,
 * found by an outside audit). Ids are checked like any other document id now.
 * A made-up cursor's JSON can also carry a lone surrogate ("\ud800"), which Firestore refused
 * in the query, another 500 (outside review, 2026-11-28).
 */
describe('a made-up page cursor', () => {
  const cursor = (position: Record<string, unknown>) => Buffer.from(JSON.stringify(position)).toString('base64url');
  it.each([
    { name: 'users, an id with /', path: () => `/api/cms/users?cursor=${cursor({ p: 'all', v: 'a', id: 'a/b' })}` },
    { name: 'users search, an id with /', path: () => `/api/cms/users?q=zz&cursor=${cursor({ p: 'username', v: 'zz', id: 'x/y' })}` },
    { name: "a user's ledger, an id with /", path: (uid: string) => `/api/cms/users/${uid}/ledger?cursor=${cursor({ v: 'a', id: 'a/b' })}` },
    { name: 'mail logs, an id with /', path: () => `/api/cms/email/logs?cursor=${cursor({ s: 1, n: 0, id: 'a/b' })}` },
    { name: 'audit log, an id with /', path: () => `/api/cms/audit?cursor=${cursor({ v: 'a', id: 'a/b' })}` },
    { name: 'users, a lone surrogate', path: () => `/api/cms/users?cursor=${cursor({ p: 'all', v: '\ud800', id: 'abc' })}` },
    { name: 'users search, a lone surrogate', path: () => `/api/cms/users?q=a&cursor=${cursor({ p: 'username', v: 'a\ud800', id: 'abc' })}` },
    { name: "a user's ledger, a lone surrogate", path: (uid: string) => `/api/cms/users/${uid}/ledger?cursor=${cursor({ v: '\udc00', id: 'abc' })}` },
    { name: 'audit log, a lone surrogate', path: () => `/api/cms/audit?cursor=${cursor({ v: '\ud800', id: 'abc' })}` },
  ])('is refused with a 400: $name', async (c) => {
    const superAdmin = await w.newAdmin('super_admin');
    const res = await probe.request({ method: 'GET', path: c.path(user.uid), headers: bearer(superAdmin) });
    expectClean(res, [400]);
    expect(res.json).toMatchObject({ error: { message: expect.stringMatching(/^Invalid (page )?cursor$/) } });
  });
});
