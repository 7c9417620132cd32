import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_PACKS } from '../../common/constants';
import { ledgerInvariant, signUp, startHarness, type Harness } from './harness';

const SECRET = 'whsec_local_dev';
const stripe = new Stripe('sk_test_unused');
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

async function ledgerOf(uid: string) {
  const snap = await h.db.collection('token_ledger').where('user_id', '==', uid).get();
  return snap.docs.map((d) => d.data() as { delta: number; reason: string; ref: string | null });
}
const balanceOf = async (uid: string) => (await h.db.collection('token_balances').doc(uid).get()).get('balance') as number;
const purchases = async (uid: string) => (await ledgerOf(uid)).filter((e) => e.reason === 'token_purchase');

async function checkout(token: string, packageId: string): Promise<string> {
  const res = await h.call('POST', '/api/payments/checkout', { token, body: { packageId } });
  expect(res.status).toBe(200);
  const match = /^\/api\/payments\/local-checkout\/([\w-]+)$/.exec(res.body.url as string);
  expect(match).not.toBeNull();
  return match![1]!;
}

/** POSTs the local page's Pay form (no bearer, as a browser does) unless a token is given. */
const pay = (id: string, token?: string) =>
  fetch(h.url(`/api/payments/local-checkout/${id}/pay`), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });

function completedEvent(id: string, uid: string, packId: string, paymentStatus: string) {
  return JSON.stringify({
    id,
    object: 'event',
    type: 'checkout.session.completed',
    data: { object: { id: `cs_${id}`, object: 'checkout.session', payment_status: paymentStatus, client_reference_id: uid, metadata: { user_id: uid, pack_id: packId, tokens: '999999' } } },
  });
}
const deliver = (payload: string, secret = SECRET) =>
  h.call('POST', '/api/payments/webhook', { raw: payload, headers: { 'Stripe-Signature': stripe.webhooks.generateTestHeaderString({ payload, secret }) } });

describe('checkout', () => {
  it('returns a url for each pack and stores the server-side amount', async () => {
    const { uid, token } = await signUp(h, 'pay_packs');
    for (const pack of TOKEN_PACKS) {
      const id = await checkout(token, pack.id);
      const doc = (await h.db.collection('checkout_sessions').doc(id).get()).data();
      expect(doc).toMatchObject({ user_id: uid, pack_id: pack.id, tokens: pack.tokens, amount_usd: pack.priceUsd, status: 'open' });
      const page = await fetch(h.url(`/api/payments/local-checkout/${id}`));
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(`Pay $${pack.priceUsd.toFixed(2)}`);
      expect(html).toContain('Cancel');
    }
    expect(await purchases(uid)).toEqual([]);
  });

  it('refuses an unknown pack, extra fields and a signed-out caller', async () => {
    const { token } = await signUp(h, 'pay_bad');
    expect((await h.call('POST', '/api/payments/checkout', { token, body: { packageId: 'mega' } })).status).toBe(400);
    expect((await h.call('POST', '/api/payments/checkout', { token, body: { packageId: 'pro', price: 0.01 } })).status).toBe(400);
    expect((await h.call('POST', '/api/payments/checkout', { token, body: {} })).status).toBe(400);
    expect((await h.call('POST', '/api/payments/checkout', { body: { packageId: 'pro' } })).status).toBe(401);
  });
});

describe('local pay flow', () => {
  it('credits exactly the pack once, through the signed webhook path', async () => {
    const { uid, token } = await signUp(h, 'pay_flow');
    const id = await checkout(token, 'pro');
    expect((await h.call('GET', `/api/payments/session/${id}`, { token })).body).toEqual({ status: 'open', tokens: 150 });

    const res = await pay(id);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/pricing/success?session_id=${id}`);
    expect(await purchases(uid)).toEqual([expect.objectContaining({ delta: 150, reason: 'token_purchase', ref: id })]);
    expect(await balanceOf(uid)).toBe(200);
    expect((await h.call('GET', `/api/payments/session/${id}`, { token })).body).toEqual({ status: 'completed', tokens: 150 });

    // Paying again credits nothing more.
    expect((await pay(id)).status).toBe(303);
    expect(await balanceOf(uid)).toBe(200);
    for (const row of await ledgerInvariant(h.db)) expect(row.balance).toBe(row.sum);
  });

  it("refuses a pay or a status read of another user's session", async () => {
    const owner = await signUp(h, 'pay_owner');
    const other = await signUp(h, 'pay_other');
    const id = await checkout(owner.token, 'ultimate');
    expect((await pay(id, other.token)).status).toBe(403);
    expect((await h.call('GET', `/api/payments/session/${id}`, { token: other.token })).status).toBe(404);
    expect(await purchases(owner.uid)).toEqual([]);
    expect(await purchases(other.uid)).toEqual([]);
    expect((await h.db.collection('checkout_sessions').doc(id).get()).get('status')).toBe('open');
  });

  it('answers 404 for an unknown session', async () => {
    const { token } = await signUp(h, 'pay_unknown');
    expect((await pay('cs_local_nope')).status).toBe(404);
    expect((await h.call('GET', '/api/payments/session/cs_local_nope', { token })).status).toBe(404);
  });
});

describe('webhook', () => {
  it('refuses a bad signature with 400 and writes nothing', async () => {
    const { uid } = await signUp(h, 'hook_badsig');
    const payload = completedEvent('evt_badsig', uid, 'starter', 'paid');
    expect((await deliver(payload, 'whsec_wrong')).status).toBe(400);
    expect((await h.call('POST', '/api/payments/webhook', { raw: payload })).status).toBe(400);
    expect((await h.call('POST', '/api/payments/webhook', { raw: payload, headers: { 'Stripe-Signature': 't=1,v1=abc' } })).status).toBe(400);
    expect((await h.db.collection('stripe_events').doc('evt_badsig').get()).exists).toBe(false);
    expect(await purchases(uid)).toEqual([]);
    expect(await balanceOf(uid)).toBe(50);
  });

  it('credits the same event delivered 10 times concurrently once, by the server pack table', async () => {
    const { uid } = await signUp(h, 'hook_dupes');
    const payload = completedEvent('evt_dupes', uid, 'premium', 'paid');
    const results = await Promise.all(Array.from({ length: 10 }, () => deliver(payload)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await purchases(uid)).toEqual([expect.objectContaining({ delta: 300, reason: 'token_purchase' })]);
    expect(await balanceOf(uid)).toBe(350);
    expect((await h.db.collection('stripe_events').doc('evt_dupes').get()).exists).toBe(true);
    for (const row of await ledgerInvariant(h.db)) expect(row.balance).toBe(row.sum);
  });

  it('credits nothing for an unpaid completion or another event type', async () => {
    const { uid } = await signUp(h, 'hook_unpaid');
    const unpaid = await deliver(completedEvent('evt_unpaid', uid, 'starter', 'unpaid'));
    expect(unpaid).toEqual({ status: 200, body: { received: true } });
    const other = JSON.stringify({ id: 'evt_other', object: 'event', type: 'payment_intent.created', data: { object: { id: 'pi_1' } } });
    expect(await deliver(other)).toEqual({ status: 200, body: { received: true } });
    expect(await purchases(uid)).toEqual([]);
    expect(await balanceOf(uid)).toBe(50);
    expect((await h.db.collection('stripe_events').doc('evt_unpaid').get()).exists).toBe(false);
  });
});
