import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripePayments } from '../../functions/src/platform/payments';
import type { Deps } from '../../functions/src/platform/deps';
import { callWithDeps, ledgerInvariant, signUp, startHarness, TEST_APP_URL, TEST_WEBHOOK_SECRET, withOverrides, type Harness } from './harness';
import { startStripeApi, type StripeApi } from './stripe-api';

/**
 * The card checkout as deployed: payments in 'stripe' mode, the session made by the real `stripe`
 * library (pointed at a local stand-in for Stripe's API), and the pack credited by the signed
 * `checkout.session.completed` Stripe would send for that very session (functions/src/payments).
 */
let h: Harness;
let api: StripeApi;
let deps: Deps;

beforeAll(async () => {
  [h, api] = await Promise.all([startHarness(), startStripeApi()]);
  const payments = { mode: 'stripe', secretKey: 'sk_test_harness', webhookSecret: TEST_WEBHOOK_SECRET } as const;
  deps = withOverrides(h.deps, {
    env: { ...h.deps.env, payments },
    payments: stripePayments(payments, { host: api.host, port: api.port, protocol: 'http', maxNetworkRetries: 0 }),
  });
});
afterAll(async () => {
  await Promise.all([h.close(), api.close()]);
});

const post = (path: string, o: Parameters<typeof callWithDeps>[3]) => callWithDeps(deps, 'POST', path, o);

/** The event Stripe sends once the buyer has paid: the session, now complete, with its payment intent. */
function completedEvent(session: Record<string, any>, eventId: string): string {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'checkout.session.completed',
    data: { object: { ...session, status: 'complete', payment_status: 'paid', payment_intent: `pi_${session.id.slice(8, 32)}` } },
  });
}

const deliver = (payload: string) =>
  post('/api/payments/webhook', { raw: payload, headers: { 'Stripe-Signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: TEST_WEBHOOK_SECRET }) } });

const balanceOf = async (uid: string) => (await h.db.collection('token_balances').doc(uid).get()).get('balance') as number;
const purchases = async (uid: string) =>
  (await h.db.collection('token_ledger').where('user_id', '==', uid).where('reason', '==', 'token_purchase').get()).docs.map((d) => d.data());

describe('card checkout through the stripe library', () => {
  it("asks Stripe for a session of the pack's price, and its paid completion credits the pack once", async () => {
    const u = await signUp(h, 'stripe_buyer');
    const before = await balanceOf(u.uid);

    const res = await post('/api/payments/checkout', { token: u.token, body: { packageId: 'pro' } });
    expect(res.status).toBe(200);
    expect(api.sessions).toHaveLength(1);
    const session = api.sessions[0]!;
    // The buyer is sent to the page Stripe made.
    expect(res.body).toEqual({ url: session.url });
    // What the library sent: the server's price for the pack and the configured return URLs, never the request's.
    expect(api.created[0]).toMatchObject({
      mode: 'payment',
      line_items: [{ quantity: '1', price_data: { currency: 'usd', unit_amount: '1299', product_data: { name: 'Pro pack: 150 tokens' } } }],
      // The keys the completion is read by (the user falls back to client_reference_id, which must name the same user).
      metadata: { user_id: u.uid, pack_id: 'pro' },
      client_reference_id: u.uid,
      success_url: `${TEST_APP_URL}/pricing/success?session_id={CHECKOUT_SESSION_ID}`,
    });
    expect((await h.db.collection('checkout_sessions').doc(session.id).get()).data()).toMatchObject({ user_id: u.uid, pack_id: 'pro', status: 'open', provider: 'stripe' });

    const event = completedEvent(session, 'evt_test_stripe_buy');
    expect(await deliver(event)).toEqual({ status: 200, body: { received: true } });
    expect(await balanceOf(u.uid)).toBe(before + 150);
    expect(await purchases(u.uid)).toEqual([expect.objectContaining({ delta: 150, ref: session.id })]);
    expect((await h.db.collection('checkout_sessions').doc(session.id).get()).data()).toMatchObject({ status: 'completed', payment_intent: `pi_${session.id.slice(8, 32)}` });

    // Stripe delivers at least once: the same event again, and the session's async success after it, credit nothing more.
    expect((await deliver(event)).status).toBe(200);
    const asyncSucceeded = completedEvent(session, 'evt_test_stripe_async').replace('checkout.session.completed', 'checkout.session.async_payment_succeeded');
    expect((await deliver(asyncSucceeded)).status).toBe(200);
    expect(await balanceOf(u.uid)).toBe(before + 150);
    expect(await purchases(u.uid)).toHaveLength(1);
    for (const row of await ledgerInvariant(h.db)) expect(row.balance).toBe(row.sum);
  });

  it('a session still unpaid when completed (a delayed method) credits nothing', async () => {
    const u = await signUp(h, 'stripe_unpaid');
    const before = await balanceOf(u.uid);
    expect((await post('/api/payments/checkout', { token: u.token, body: { packageId: 'starter' } })).status).toBe(200);
    const session = api.sessions.at(-1)!;
    const event = JSON.parse(completedEvent(session, 'evt_test_stripe_unpaid')) as { data: { object: Record<string, unknown> } };
    event.data.object.payment_status = 'unpaid';
    expect((await deliver(JSON.stringify(event))).status).toBe(200);
    expect(await balanceOf(u.uid)).toBe(before);
    expect((await h.db.collection('checkout_sessions').doc(session.id).get()).get('status')).toBe('open');
  });
});
