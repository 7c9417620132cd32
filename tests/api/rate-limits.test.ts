import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../common/rate-limits';
import { addTrack, openSession, pushVotes, voteDoc } from './contest-fixtures';
import { signUp, startHarness, type Harness } from './harness';

/** The production limits (the other suites relax them), per client IP or per user. */
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ env: { rateLimits: DEFAULT_RATE_LIMITS } });
});
afterAll(() => h.close());

const fromIp = (ip: string) => ({ 'X-Forwarded-For': `198.51.100.99, ${ip}` });
const signupFrom = (ip: string, name: string) =>
  h.call('POST', '/api/accounts/signup', { headers: fromIp(ip), body: { username: name, email: `${name}@example.test`, password: 'secret123' } });

function expectLimited(res: { status: number; body: any }, headers?: Headers) {
  expect(res.status).toBe(429);
  expect(res.body.error?.code ?? 'rate_limited').toBe('rate_limited');
  expect(res.body.error?.message ?? res.body.message).toMatch(/^Too many requests\. Please try again in \d+ (seconds|minutes)\.$/);
  if (headers) expect(Number(headers.get('retry-after'))).toBeGreaterThan(0);
}

async function rawCall(method: string, path: string, token: string, body: unknown) {
  const res = await fetch(h.url(path), { method, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}

describe('per client IP', () => {
  it(`allows ${DEFAULT_RATE_LIMITS.signup.max} concurrent sign-ups from one IP an hour, refuses the rest with 429 and creates nothing for them`, async () => {
    h.clock.now = Date.parse('2026-03-01T12:00:00Z');
    const results = await Promise.all(Array.from({ length: 14 }, (_, i) => signupFrom('203.0.113.7', `burst_${i}`)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(DEFAULT_RATE_LIMITS.signup.max);
    const limited = results.filter((r) => r.status === 429);
    expect(limited).toHaveLength(4);
    limited.forEach((r) => expectLimited(r));
    const profiles = await h.db.collection('profiles').where('username', '>=', 'burst_').where('username', '<', 'burst`').get();
    expect(profiles.size).toBe(DEFAULT_RATE_LIMITS.signup.max);
    expect([...h.auth.users.values()].filter((u) => u.email.startsWith('burst_'))).toHaveLength(DEFAULT_RATE_LIMITS.signup.max);

    // Another address is not affected; the same one is again after the window.
    expect((await signupFrom('203.0.113.8', 'other_ip')).status).toBe(201);
    h.clock.now += DEFAULT_RATE_LIMITS.signup.windowSeconds * 1000;
    expect((await signupFrom('203.0.113.7', 'next_hour')).status).toBe(201);
  });

  it('counts first Google sign-ins (new profiles) as sign-ups of their IP; signing in again is not counted', async () => {
    h.clock.now = Date.parse('2026-03-05T12:00:00Z');
    const ip = '203.0.113.21';
    const google = (i: number) => {
      const uid = `gburst_${i}`;
      h.auth.users.set(uid, { email: `${uid}@gmail.test`, password: '', name: `G ${i}`, provider: 'google.com' });
      return h.call('POST', '/api/accounts/ensure-profile', { token: `test:${uid}`, headers: fromIp(ip), body: {} });
    };
    const results = await Promise.all(Array.from({ length: 14 }, (_, i) => google(i)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(DEFAULT_RATE_LIMITS.signup.max);
    const limited = results.filter((r) => r.status === 429);
    expect(limited).toHaveLength(4);
    limited.forEach((r) => expectLimited(r));
    const created = results.flatMap((r, i) => (r.status === 201 ? [`gburst_${i}`] : []));
    const refused = results.flatMap((r, i) => (r.status === 429 ? [`gburst_${i}`] : []));
    for (const uid of refused) expect((await h.db.collection('profiles').doc(uid).get()).exists).toBe(false);
    // The form's sign-ups share the same count.
    expect((await signupFrom(ip, 'after_google')).status).toBe(429);
    // An account that has its profile signs in again at any time.
    expect((await h.call('POST', '/api/accounts/ensure-profile', { token: `test:${created[0]}`, headers: fromIp(ip), body: {} })).status).toBe(200);
  });

  it('a Fastly-Client-IP sent straight to the function does not buy a fresh limit; through the CDN it names the client', async () => {
    h.clock.now = Date.parse('2026-03-03T12:00:00Z');
    const { token } = await signUp(h, 'forger');
    const direct = (forged: string) => ({ 'X-Forwarded-For': '192.0.2.77', 'Fastly-Client-IP': forged });
    for (let i = 0; i < DEFAULT_RATE_LIMITS.coupon.max; i++) {
      expect((await h.call('POST', '/api/coupons/redeem', { token, headers: direct(`10.0.0.${i}`), body: { code: `FORGE${i}` } })).status).toBe(400);
    }
    expectLimited(await h.call('POST', '/api/coupons/redeem', { token, headers: direct('10.0.1.1'), body: { code: 'FORGE_NEXT' } }));
    // Through Hosting's CDN (the connecting address is a Fastly edge), each client has its own count.
    const viaCdn = (client: string) => ({ 'X-Forwarded-For': `${client}, 151.101.65.195`, 'Fastly-Client-IP': client });
    expect((await h.call('POST', '/api/coupons/redeem', { token, headers: viaCdn('192.0.2.78'), body: { code: 'CDN1' } })).status).toBe(400);
  });

  it('counts failed coupon guesses; past the limit a 429 with Retry-After, and a good code is not credited', async () => {
    h.clock.now = Date.parse('2026-03-02T12:00:00Z');
    await h.db.collection('coupons').doc('REAL10').set({ code: 'REAL10', tokens: 10, max_redemptions: null, expires_at: null, redemptions: 0 });
    const { token } = await signUp(h, 'guesser');
    const ip = { 'X-Forwarded-For': '192.0.2.44' };
    for (let i = 0; i < DEFAULT_RATE_LIMITS.coupon.max; i++) {
      const res = await h.call('POST', '/api/coupons/redeem', { token, headers: ip, body: { code: `GUESS${i}` } });
      expect(res.status).toBe(400);
    }
    const res = await fetch(h.url('/api/coupons/redeem'), {
      method: 'POST',
      headers: { ...ip, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ code: 'REAL10' }),
    });
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(res.status).toBe(429);
    expect(body.error.code).toBe('rate_limited');
    expectLimited({ status: res.status, body }, res.headers);
    expect((await h.db.collection('coupons').doc('REAL10').get()).get('redemptions')).toBe(0);
    expect((await h.call('GET', '/api/me', { token })).body.balance).toBe(50);
  });
});

describe('coupons at sign-up', () => {
  it('count against the same per-IP coupon limit as redemptions: past it the sign-up stands and its code is not tried', async () => {
    h.clock.now = Date.parse('2026-03-05T12:00:00Z');
    await h.db.collection('coupons').doc('SIGNUP10').set({ code: 'SIGNUP10', tokens: 10, max_redemptions: null, expires_at: null, redemptions: 0 });
    const ip = fromIp('192.0.2.77');
    // The address's coupon guesses, made through the redeem endpoint, use up the limit…
    const { token } = await signUp(h, 'cguesser');
    for (let i = 0; i < DEFAULT_RATE_LIMITS.coupon.max; i++) {
      expect((await h.call('POST', '/api/coupons/redeem', { token, headers: ip, body: { code: `GUESS${i}` } })).status).toBe(400);
    }
    // …and a sign-up from it with a good code is made, without trying the code.
    const over = await h.call('POST', '/api/accounts/signup', { headers: ip, body: { username: 'cguess_last', email: 'cguess_last@example.test', password: 'secret123', coupon: 'SIGNUP10' } });
    expect(over.status).toBe(201);
    expect(over.body).toMatchObject({ balance: 50, coupon: { success: false } });
    expect(over.body.coupon.message).toMatch(/^Too many requests\. Please try again in \d+ (seconds|minutes)\.$/);
    expect((await h.db.collection('coupons').doc('SIGNUP10').get()).get('redemptions')).toBe(0);
    // Another address is not held back.
    const elsewhere = await h.call('POST', '/api/accounts/signup', { headers: fromIp('192.0.2.78'), body: { username: 'cgood', email: 'cgood@example.test', password: 'secret123', coupon: 'SIGNUP10' } });
    expect(elsewhere.body).toMatchObject({ balance: 60, coupon: { success: true } });
  });
});

describe('per user', () => {
  it('limits vote-session opens, and opens again in the next window', async () => {
    h.clock.now = Date.parse('2026-03-03T12:00:10Z');
    const { token } = await signUp(h, 'opener');
    for (let i = 0; i < DEFAULT_RATE_LIMITS.session_open.max; i++) expect((await h.call('POST', '/api/vote-sessions', { token, body: {} })).status).toBe(200);
    const over = await rawCall('POST', '/api/vote-sessions', token, {});
    expectLimited(over, over.headers);
    h.clock.now += DEFAULT_RATE_LIMITS.session_open.windowSeconds * 1000;
    expect((await h.call('POST', '/api/vote-sessions', { token, body: {} })).status).toBe(200);
  });

  it('limits vote pushes, with votes or empty, at once or one by one; a refused push stores no vote', async () => {
    h.clock.now = Date.parse('2026-03-04T12:00:10Z');
    await addTrack(h, { title: 'Limited A' });
    await addTrack(h, { title: 'Limited B' });
    const { uid, token } = await signUp(h, 'pusher');
    const session = (await openSession(h, token)).body.session!;
    const [first, second] = session.clips;
    const retried = voteDoc(session.id, first!.clip_id, 'ai');
    // Pushes of the same vote (a client retrying) count once each, ten at once.
    const retries = await Promise.all(Array.from({ length: 10 }, () => pushVotes(h, token, [retried])));
    expect(retries.map((r) => r.status)).toEqual(Array(10).fill(200));
    for (let i = 10; i < DEFAULT_RATE_LIMITS.vote_push.max; i++) expect((await h.call('POST', '/api/sync/votes/push', { token, body: [] })).status).toBe(200);

    const over = await rawCall('POST', '/api/sync/votes/push', token, [{ assumedMasterState: null, newDocumentState: voteDoc(session.id, second!.clip_id, 'human') }]);
    expectLimited(over, over.headers);
    expectLimited(await rawCall('POST', '/api/sync/votes/push', token, []));
    const votes = await h.db.collection('votes').where('user_id', '==', uid).get();
    expect(votes.docs.map((d) => d.id)).toEqual([retried.id]);
    expect((await h.db.collection('vote_sessions').doc(session.id).get()).get('voted_clip_ids')).toEqual([first!.clip_id]);

    h.clock.now += DEFAULT_RATE_LIMITS.vote_push.windowSeconds * 1000;
    expect((await pushVotes(h, token, [voteDoc(session.id, second!.clip_id, 'human')])).status).toBe(200);
  });

  it('limits orders, refused ones included, and the limit of one user is not another’s', async () => {
    h.clock.now = Date.parse('2026-03-05T12:00:10Z');
    const a = await signUp(h, 'orderer_a');
    const b = await signUp(h, 'orderer_b');
    const order = { listing_id: 'no_such_listing', method: 'TOKENS' };
    for (let i = 0; i < DEFAULT_RATE_LIMITS.order_create.max; i++) expect((await h.call('POST', '/api/orders', { token: a.token, body: order })).status).toBe(400);
    const over = await rawCall('POST', '/api/orders', a.token, order);
    expectLimited(over, over.headers);
    expect((await h.call('POST', '/api/orders', { token: b.token, body: order })).status).toBe(400);
  });

  it('limits token-pack checkouts, each a stored session (a Stripe call deployed), per user', async () => {
    h.clock.now = Date.parse('2026-03-05T14:00:10Z');
    const a = await signUp(h, 'checkout_a');
    const b = await signUp(h, 'checkout_b');
    const start = (token: string) => rawCall('POST', '/api/payments/checkout', token, { packageId: 'starter' });
    const started = await Promise.all(Array.from({ length: DEFAULT_RATE_LIMITS.checkout_create.max + 5 }, () => start(a.token)));
    expect(started.filter((r) => r.status === 200)).toHaveLength(DEFAULT_RATE_LIMITS.checkout_create.max);
    for (const over of started.filter((r) => r.status !== 200)) expectLimited(over, over.headers);
    expect((await h.db.collection('checkout_sessions').where('user_id', '==', a.uid).get()).size).toBe(DEFAULT_RATE_LIMITS.checkout_create.max);
    expect((await start(b.token)).status).toBe(200);
    h.clock.now += DEFAULT_RATE_LIMITS.checkout_create.windowSeconds * 1000;
    expect((await start(a.token)).status).toBe(200);
  });

  it('limits uploads before reading them', async () => {
    h.clock.now = Date.parse('2026-03-06T12:00:10Z');
    const { uid, token } = await signUp(h, 'uploader');
    const empty = () => fetch(h.url('/api/tracks'), { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'multipart/form-data; boundary=x' }, body: '--x--\r\n' });
    for (let i = 0; i < DEFAULT_RATE_LIMITS.upload.max; i++) expect((await empty()).status).toBe(400);
    const over = await empty();
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await h.db.collection('tracks').where('submitted_by', '==', uid).get()).size).toBe(0);
    expect((await h.db.collection('token_ledger').where('user_id', '==', uid).get()).size).toBe(1);
  });
});
