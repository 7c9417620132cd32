import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_PACKS } from '../../common/constants';
import { priceCents, packById } from '../../functions/src/payments/packs';
import { ledgerInvariant, signUp, startHarness, TEST_WEBHOOK_SECRET, type Harness } from './harness';

const SECRET = TEST_WEBHOOK_SECRET;
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

type EventOptions = { paymentStatus?: string; type?: string; amountCents?: number; packId?: string; uid?: string };

/** A Stripe event for checkout session `sessionId` (by default: paid, for the session's own user, pack and amount). */
function completedEvent(id: string, sessionId: string, uid: string, packId: string, o: EventOptions = {}) {
  const pack = o.packId ?? packId;
  const user = o.uid ?? uid;
  return JSON.stringify({
    id,
    object: 'event',
    type: o.type ?? 'checkout.session.completed',
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        payment_status: o.paymentStatus ?? 'paid',
        amount_total: o.amountCents ?? priceCents(packById(packId)!),
        currency: 'usd',
        client_reference_id: user,
        metadata: { user_id: user, pack_id: pack, tokens: '999999' },
      },
    },
  });
}
const deliver = (payload: string, secret = SECRET) =>
  h.call('POST', '/api/payments/webhook', { raw: payload, headers: { 'Stripe-Signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }) } });

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

  it('refuses an account without a profile (made straight through Firebase Auth) with 404, and stores no session', async () => {
    const before = (await h.db.collection('checkout_sessions').get()).size;
    const res = await h.call('POST', '/api/payments/checkout', { token: 'test:ghost_payer_without_profile', body: { packageId: 'pro' } });
    expect(res).toMatchObject({ status: 404, body: { error: { message: 'Profile not found' } } });
    expect((await h.db.collection('checkout_sessions').get()).size).toBe(before);
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
    // Back to the checkout page after paying: it says so, and offers no second payment.
    const again = await (await fetch(h.url(`/api/payments/local-checkout/${id}`))).text();
    expect(again).toContain('This checkout is already paid.');
    expect(again).toContain(`href="/pricing/success?session_id=${id}"`);
    expect(again).not.toContain('Pay $');

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
    const { uid, token } = await signUp(h, 'hook_badsig');
    const payload = completedEvent('evt_badsig', await checkout(token, 'starter'), uid, 'starter');
    expect((await deliver(payload, 'whsec_wrong')).status).toBe(400);
    expect((await h.call('POST', '/api/payments/webhook', { raw: payload })).status).toBe(400);
    expect((await h.call('POST', '/api/payments/webhook', { raw: payload, headers: { 'Stripe-Signature': 't=1,v1=abc' } })).status).toBe(400);
    expect((await h.db.collection('stripe_events').doc('evt_badsig').get()).exists).toBe(false);
    expect(await purchases(uid)).toEqual([]);
    expect(await balanceOf(uid)).toBe(50);
  });

  it('credits the same event delivered 10 times concurrently once, by the server pack table', async () => {
    const { uid, token } = await signUp(h, 'hook_dupes');
    const payload = completedEvent('evt_dupes', await checkout(token, 'premium'), uid, 'premium');
    const results = await Promise.all(Array.from({ length: 10 }, () => deliver(payload)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await purchases(uid)).toEqual([expect.objectContaining({ delta: 300, reason: 'token_purchase' })]);
    expect(await balanceOf(uid)).toBe(350);
    expect((await h.db.collection('stripe_events').doc('evt_dupes').get()).exists).toBe(true);
    for (const row of await ledgerInvariant(h.db)) expect(row.balance).toBe(row.sum);
  });

  it('credits nothing for an unpaid completion or another event type', async () => {
    const { uid, token } = await signUp(h, 'hook_unpaid');
    const unpaid = await deliver(completedEvent('evt_unpaid', await checkout(token, 'starter'), uid, 'starter', { paymentStatus: 'unpaid' }));
    expect(unpaid).toEqual({ status: 200, body: { received: true } });
    const other = JSON.stringify({ id: 'evt_other', object: 'event', type: 'payment_intent.created', data: { object: { id: 'pi_1' } } });
    expect(await deliver(other)).toEqual({ status: 200, body: { received: true } });
    expect(await purchases(uid)).toEqual([]);
    expect(await balanceOf(uid)).toBe(50);
    expect((await h.db.collection('stripe_events').doc('evt_unpaid').get()).exists).toBe(false);
  });

  it('credits one pack per checkout session: a second event for a paid session credits nothing', async () => {
    const { uid, token } = await signUp(h, 'hook_twice');
    const session = await checkout(token, 'pro');
    expect((await deliver(completedEvent('evt_twice_1', session, uid, 'pro'))).status).toBe(200);
    const again = completedEvent('evt_twice_2', session, uid, 'pro', { type: 'checkout.session.async_payment_succeeded' });
    expect((await deliver(again)).status).toBe(200);
    expect(await purchases(uid)).toEqual([expect.objectContaining({ delta: 150, ref: session })]);
    expect(await balanceOf(uid)).toBe(200);
  });

  it('credits nothing when the session is not ours or its user, pack or amount differ from what the server created', async () => {
    const owner = await signUp(h, 'hook_owner');
    const thief = await signUp(h, 'hook_thief');
    const session = await checkout(owner.token, 'starter');
    const forged = [
      completedEvent('evt_unknown_session', 'cs_not_created_here', owner.uid, 'starter'),
      completedEvent('evt_other_user', session, owner.uid, 'starter', { uid: thief.uid }),
      completedEvent('evt_bigger_pack', session, owner.uid, 'starter', { packId: 'ultimate' }),
      completedEvent('evt_wrong_amount', session, owner.uid, 'starter', { amountCents: 1 }),
    ];
    for (const payload of forged) expect(await deliver(payload)).toEqual({ status: 200, body: { received: true } });
    expect(await purchases(owner.uid)).toEqual([]);
    expect(await purchases(thief.uid)).toEqual([]);
    expect((await h.db.collection('checkout_sessions').doc(session).get()).get('status')).toBe('open');
    // The genuine event still credits.
    expect((await deliver(completedEvent('evt_genuine', session, owner.uid, 'starter'))).status).toBe(200);
    expect(await balanceOf(owner.uid)).toBe(100);
  });
});

describe('without payment settings (a deployment missing its Stripe secrets)', () => {
  let off: Harness;
  beforeAll(async () => {
    off = await startHarness({ env: { emulated: false, payments: { mode: 'off', reason: 'STRIPE_SECRET_KEY is not set' } } });
  });
  afterAll(() => off.close());

  it('refuses checkout, the local page and the webhook with 503, and credits nothing', async () => {
    const { uid, token } = await signUp(off, 'pay_off');
    const res = await off.call('POST', '/api/payments/checkout', { token, body: { packageId: 'starter' } });
    expect(res.status).toBe(503);
    expect(res.body.error.message).toBe('Payments are not available right now. Please try again later.');
    expect((await off.call('GET', '/api/payments/local-checkout/cs_local_x')).status).toBe(503);
    const payload = completedEvent('evt_off', 'cs_local_x', uid, 'starter');
    const hook = await off.call('POST', '/api/payments/webhook', {
      raw: payload,
      headers: { 'Stripe-Signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) },
    });
    expect(hook.status).toBe(503);
    expect((await off.db.collection('checkout_sessions').get()).size).toBe(0);
    expect((await off.call('GET', '/api/me', { token })).body.balance).toBe(50);
  });
});
