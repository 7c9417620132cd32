/**
 * The API as production serves it: through the Hosting emulator's rewrite to the `api` function
 * in the Functions emulator (the deployed bundle, its secrets from functions/.secret.local). The
 * runtime reads and parses request bodies before Express sees them, which is what this suite is
 * for: payments (raw webhook bytes), uploads (buffered multipart), a vote, limits under concurrent
 * requests, one worker serving many at once, headers and the SSE stream at the function's own URL. Runs in the browser tests' stack.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import Stripe from 'stripe';
import { E2E_PORTS } from '../../../playwright.config';
import { runFfmpeg } from '../../../scripts/lib/media';
import { ensureLocalSecrets } from '../../../scripts/lib/local-secrets';
import { idToken, newUser, releaseSpendsOf } from '../../e2e/helpers';
import { voteDoc } from '../vote-doc';

const FUNCTION_URL = `http://127.0.0.1:${E2E_PORTS.api}/demo-foolrate/us-central1/api`;
const APP_ORIGIN = `http://127.0.0.1:${E2E_PORTS.web}`;
let dir = '';
let mp3: Buffer;

test.beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'runtime-api-'));
  const file = join(dir, 'tone.mp3');
  await runFfmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=50', '-ac', '1', '-b:a', '48k', file]);
  mp3 = await readFile(file);
});
test.afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

type Account = { uid: string; auth: { Authorization: string } };

async function newAccount(request: APIRequestContext, prefix: string): Promise<Account> {
  const user = newUser(prefix);
  const res = await request.post('/api/accounts/signup', { data: user });
  expect(res.status(), await res.text()).toBe(201);
  const { uid } = (await res.json()) as { uid: string };
  await releaseSpendsOf(user);
  return { uid, auth: { Authorization: `Bearer ${await idToken(request, user.email, user.password)}` } };
}

const balanceOf = async (request: APIRequestContext, account: Account) =>
  ((await (await request.get('/api/me', { headers: account.auth })).json()) as { balance: number }).balance;

async function checkout(request: APIRequestContext, account: Account, packageId: string): Promise<string> {
  const res = await request.post('/api/payments/checkout', { headers: account.auth, data: { packageId } });
  expect(res.status(), await res.text()).toBe(200);
  const { url } = (await res.json()) as { url: string };
  return /\/local-checkout\/([\w-]+)$/.exec(url)![1]!;
}

test('payments: the local checkout and Stripe-signed webhooks credit one pack per checkout session', async ({ request }) => {
  const buyer = await newAccount(request, 'rtpay');
  const local = await checkout(request, buyer, 'starter');
  const paid = await request.post(`/api/payments/local-checkout/${local}/pay`, { form: {}, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  expect(paid.headers().location).toBe(`/pricing/success?session_id=${local}`);
  expect(await balanceOf(request, buyer)).toBe(100);

  // A Stripe event for a second session, signed over bytes that JSON.stringify would not reproduce.
  const { STRIPE_WEBHOOK_SECRET: secret } = await ensureLocalSecrets('functions/.secret.local');
  const session = await checkout(request, buyer, 'pro');
  const event = (id: string, type = 'checkout.session.completed') =>
    `{ "id": "${id}", "object": "event", "type": "${type}",\n  "data": { "object": { "id": "${session}", "object": "checkout.session", "payment_status": "paid", "amount_total": 1299, "currency": "usd", "client_reference_id": "${buyer.uid}", "metadata": { "user_id": "${buyer.uid}", "pack_id": "pro", "tokens": "150" } } } }`;
  const deliver = (payload: string, signedPayload = payload) =>
    request.post('/api/payments/webhook', {
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': Stripe.webhooks.generateTestHeaderString({ payload: signedPayload, secret: secret! }) },
      data: payload,
    });
  const first = await deliver(event('evt_rt_1'));
  expect(first.status(), await first.text()).toBe(200);
  expect(await balanceOf(request, buyer)).toBe(250);
  expect((await deliver(event('evt_rt_1'))).status()).toBe(200);
  expect((await deliver(event('evt_rt_2', 'checkout.session.async_payment_succeeded'))).status()).toBe(200);
  expect(await balanceOf(request, buyer)).toBe(250);
  // A signature over other bytes is refused.
  const forged = await deliver(event('evt_rt_3'), event('evt_rt_3').replace('1299', '1'));
  expect(forged.status()).toBe(400);
  expect(await balanceOf(request, buyer)).toBe(250);
});

test('uploads: a track submitted through the buffered body is stored; wrong content and bodies over 32 MB are refused', async ({ request }) => {
  const artist = await newAccount(request, 'rtupl');
  const form = (audio: Buffer, name: string) => ({
    title: 'Runtime Tone',
    artistName: 'Runtime Tester',
    genre: 'Electronic',
    songType: 'ai',
    submissionRoutes: JSON.stringify(['contest']),
    previewStartTime: '1',
    audioFile: { name, mimeType: 'audio/mpeg', buffer: audio },
  });
  const ok = await request.post('/api/tracks', { headers: artist.auth, multipart: form(mp3, 'tone.mp3') });
  expect(ok.status(), await ok.text()).toBe(201);
  expect(await balanceOf(request, artist)).toBe(40);

  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
  const renamed = await request.post('/api/tracks', { headers: artist.auth, multipart: form(png, 'cover.mp3') });
  expect(renamed.status()).toBe(400);

  const huge = await request.post('/api/tracks', { headers: artist.auth, multipart: form(Buffer.alloc(40 * 1024 * 1024, 1), 'huge.mp3') });
  expect(huge.status()).toBe(413);
  expect(await balanceOf(request, artist)).toBe(40);
});

test('bodies: JSON sent as text is refused with a JSON 415 and nothing is written; a form, and multipart outside the uploads, are dropped; a JSON body over 64 kb is a 413, one with a lone surrogate a 400', async ({ request }) => {
  const account = await newAccount(request, 'rtbody');
  const before = await balanceOf(request, account);
  const text = await request.post('/api/tokens/claim-daily', { headers: { ...account.auth, 'Content-Type': 'text/plain' }, data: '{}' });
  expect(text.status()).toBe(415);
  expect(await text.json()).toEqual({ error: { code: 'bad_request', message: 'Expected an application/json body' } });
  expect(await balanceOf(request, account)).toBe(before);

  const form = await request.post('/api/accounts/wallet', { headers: account.auth, form: { wallet_address: 'abc123' } });
  expect(form.status()).toBe(400);
  expect(((await form.json()) as { error: { message: string } }).error.message).toMatch(/expected object/);

  // Multipart is for the upload endpoints: elsewhere it is dropped too, never read as JSON.
  for (const path of ['/api/accounts/wallet', '/api/sync/votes/push']) {
    const multipart = await request.post(path, { headers: account.auth, multipart: { wallet_address: 'a'.repeat(100 * 1024) } });
    expect(multipart.status()).toBe(400);
    const body = await multipart.text();
    expect(body.length).toBeLessThan(300);
    expect(((JSON.parse(body) as { error: { message: string } }).error.message)).toMatch(/expected (object|array), received undefined/);
  }

  const big = await request.post('/api/accounts/wallet', { headers: account.auth, data: { wallet_address: 'x'.repeat(70 * 1024) } });
  expect(big.status()).toBe(413);
  expect(await big.json()).toEqual({ error: { code: 'payload_too_large', message: 'Request body too large' } });

  // A lone surrogate is valid JSON but not text (Firestore cannot store it): refused as the runtime hands the body on.
  const lone = await request.post('/api/accounts/wallet', { headers: { ...account.auth, 'Content-Type': 'application/json' }, data: '{"wallet_address":"ok \\ud800"}' });
  expect(lone.status()).toBe(400);
  expect(await lone.json()).toEqual({ error: { code: 'invalid_argument', message: 'Text must be valid Unicode' } });
});

test('query strings are parsed the simple way, as by a plain server: brackets make no lists', async ({ request }) => {
  const account = await newAccount(request, 'rtquery');
  const pull = (query: string) => request.get(`/api/sync/orders/pull?${query}`, { headers: account.auth });
  expect((await pull('limit=1')).status()).toBe(200);
  for (const query of ['limit[]=1', 'limit[0]=3']) {
    const res = await pull(query);
    expect(res.status(), query).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/^Unrecognized key/);
  }
  // A repeated parameter is a list, which the schema refuses.
  expect((await pull('limit=1&limit=2')).status()).toBe(400);
});

test('a vote: a session opened through the runtime serves its clips and scores a pushed vote with the reveal', async ({ request }) => {
  const voter = await newAccount(request, 'rtvote');
  const opened = await request.post('/api/vote-sessions', { headers: voter.auth, data: {} });
  expect(opened.status(), await opened.text()).toBe(201);
  const { session } = (await opened.json()) as { session: { id: string; clips: Array<{ clip_id: string; clip_url: string }> } };
  const clip = session.clips[0]!;
  const audio = await request.get(clip.clip_url);
  expect(audio.status()).toBe(200);
  expect(audio.headers()['content-type']).toBe('audio/mpeg');

  const vote = voteDoc(session.id, clip.clip_id, 'human');
  const pushed = await request.post('/api/sync/votes/push', { headers: voter.auth, data: [{ assumedMasterState: null, newDocumentState: vote }] });
  expect(pushed.status(), await pushed.text()).toBe(200);
  const [stored] = (await pushed.json()) as Array<{ status: string; reveal: { song_type: string } | null }>;
  expect(stored?.status).toBe('scored');
  expect(['human', 'ai', 'hybrid']).toContain(stored?.reveal?.song_type);
});

test('the coupon limit holds under concurrent attempts: those beyond it get 429 with Retry-After', async ({ request }) => {
  const guesser = await newAccount(request, 'rtcoup');
  // Eight at once, served side by side as a deployed instance does; the counter lives in
  // Firestore, so it holds across instances too. Sent to the function's own URL from an address
  // of their own (Google's front end names it last in X-Forwarded-For): the stack's one local
  // address keeps its coupon budget for the browser tests' sign-ups with a coupon.
  const from = { 'X-Forwarded-For': `203.0.113.${1 + Math.floor(Math.random() * 254)}` };
  const answers = await Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      request.post(`${FUNCTION_URL}/api/coupons/redeem`, { headers: { ...guesser.auth, ...from }, data: { code: `NOPE${i}` } }),
    ),
  );
  const limited = answers.filter((a) => a.status() === 429);
  expect(answers.filter((a) => a.status() === 400)).toHaveLength(5);
  expect(limited).toHaveLength(3);
  for (const a of limited) expect(Number(a.headers()['retry-after'])).toBeGreaterThan(0);
  expect(await balanceOf(request, guesser)).toBe(50);
});

/** The Functions emulator's worker processes of this stack (their environment names its Firestore). */
async function functionWorkers(): Promise<number> {
  let n = 0;
  for (const pid of (await readdir('/proc')).filter((p) => /^\d+$/.test(p))) {
    const [cmdline, environ] = await Promise.all([readFile(`/proc/${pid}/cmdline`, 'utf8'), readFile(`/proc/${pid}/environ`, 'utf8')].map((p) => p.catch(() => '')));
    if (cmdline!.includes('functionsEmulatorRuntime') && environ!.split('\0').includes(`FIRESTORE_EMULATOR_HOST=127.0.0.1:${E2E_PORTS.firestore}`)) n++;
  }
  return n;
}

test('one function worker serves many requests at once, as a deployed instance does: twelve open streams need fewer than twelve workers', async () => {
  const streams = await Promise.all(Array.from({ length: 12 }, () => fetch(`${FUNCTION_URL}/api/public/leaderboards/stream`, { headers: { Origin: APP_ORIGIN } })));
  const readers = streams.map((s) => s.body!.getReader());
  // Every stream has answered, so each is being served now.
  for (const { value } of await Promise.all(readers.map((r) => r.read()))) expect(new TextDecoder().decode(value)).toMatch(/^data: \{/);
  const workers = await functionWorkers();
  await Promise.all(readers.map((r) => r.cancel()));
  expect(workers).toBeGreaterThan(0);
  expect(workers).toBeLessThan(12);
});

test('security headers on Hosting and the API; CORS only for the app; the SSE stream at the function URL', async ({ request }) => {
  const page = await request.get('/');
  const headers = page.headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(await page.text()).toContain('http-equiv="Content-Security-Policy"');

  // The API's own headers (Hosting puts its CSP over them on the rewrite).
  const api = (await request.get(`${FUNCTION_URL}/api/public/config`)).headers();
  expect(api['content-security-policy']).toContain("default-src 'none'");
  expect(api['x-content-type-options']).toBe('nosniff');
  expect(api['x-frame-options']).toBe('DENY');
  expect((await request.get('/api/public/config')).headers()['x-content-type-options']).toBe('nosniff');

  const preflight = (origin: string) =>
    request.fetch(`${FUNCTION_URL}/api/sync/stream`, {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' },
    });
  expect((await preflight('https://evil.example')).headers()['access-control-allow-origin']).toBeUndefined();
  expect((await preflight(APP_ORIGIN)).headers()['access-control-allow-origin']).toBe(APP_ORIGIN);

  const stream = await fetch(`${FUNCTION_URL}/api/public/leaderboards/stream`, { headers: { Origin: APP_ORIGIN } });
  expect(stream.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
  const reader = stream.body!.getReader();
  const { value } = await reader.read();
  expect(new TextDecoder().decode(value)).toMatch(/^data: \{/);
  await reader.cancel();
});
