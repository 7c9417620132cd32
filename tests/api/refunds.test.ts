import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packById, priceCents } from '../../functions/src/payments/packs';
import type { PaymentGateway } from '../../functions/src/platform/payments';
import { addTrack, openSession } from './contest-fixtures';
import { callWithDeps, ledgerInvariant, signUp, startHarness, TEST_WEBHOOK_SECRET, withOverrides, type Harness } from './harness';
import { grant } from './order-fixtures';

/** Stripe refunds and disputes take a card purchase's tokens back (functions/src/payments/webhook.ts). */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

type Entry = { delta: number; reason: string; ref: string | null };
const ledgerOf = async (uid: string): Promise<Entry[]> =>
  (await h.db.collection('token_ledger').where('user_id', '==', uid).get()).docs.map((d) => d.data() as Entry);
const byReason = async (uid: string, reason: string) => (await ledgerOf(uid)).filter((e) => e.reason === reason);
const balanceOf = async (uid: string) => (await h.db.collection('token_balances').doc(uid).get()).get('balance') as number;
const sessionDoc = async (id: string) => (await h.db.collection('checkout_sessions').doc(id).get()).data()!;

async function expectInvariant(): Promise<void> {
  for (const row of await ledgerInvariant(h.db)) expect(row.balance).toBe(row.sum);
}

/** A local checkout of `packId` by the user; its session id and the payment intent it was given. */
async function checkout(token: string, packId: string): Promise<{ session: string; intent: string }> {
  const res = await h.call('POST', '/api/payments/checkout', { token, body: { packageId: packId } });
  expect(res.status).toBe(200);
  const session = (res.body.url as string).split('/').pop()!;
  const intent = (await sessionDoc(session)).payment_intent as string;
  expect(intent).toMatch(/^pi_local_/);
  return { session, intent };
}

const completed = (id: string, session: string, uid: string, packId: string, intent?: string) =>
  JSON.stringify({
    id,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: session,
        object: 'checkout.session',
        payment_status: 'paid',
        amount_total: priceCents(packById(packId)!),
        currency: 'usd',
        client_reference_id: uid,
        metadata: { user_id: uid, pack_id: packId },
        ...(intent ? { payment_intent: intent } : {}),
      },
    },
  });

/** `charge.refunded` as Stripe sends it: the charge, naming its payment intent. `amountRefunded` below the amount: a partial refund. */
const refunded = (id: string, intent: string, amountRefunded = 1299) =>
  JSON.stringify({
    id,
    object: 'event',
    type: 'charge.refunded',
    data: { object: { id: `ch_${intent}`, object: 'charge', amount: 1299, amount_refunded: amountRefunded, refunded: amountRefunded >= 1299, payment_intent: intent, currency: 'usd' } },
  });

/** `charge.dispute.created`: the dispute, naming the charge and its payment intent. */
const disputed = (id: string, intent: string) =>
  JSON.stringify({
    id,
    object: 'event',
    type: 'charge.dispute.created',
    data: { object: { id: `dp_${intent}`, object: 'dispute', amount: 1299, charge: `ch_${intent}`, payment_intent: intent, reason: 'fraudulent', status: 'needs_response' } },
  });

const signed = (payload: string, secret = TEST_WEBHOOK_SECRET) => ({
  raw: payload,
  headers: { 'Stripe-Signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }) },
});
const deliver = (payload: string) => h.call('POST', '/api/payments/webhook', signed(payload));

/** A user who bought `packId` (credited through the webhook): 50 signup tokens plus the pack. */
async function buyer(name: string, packId = 'pro') {
  const user = await signUp(h, name);
  const { session, intent } = await checkout(user.token, packId);
  expect((await deliver(completed(`evt_buy_${name}`, session, user.uid, packId, intent))).status).toBe(200);
  expect(await balanceOf(user.uid)).toBe(50 + packById(packId)!.tokens);
  return { ...user, session, intent };
}

describe('a refund or a dispute of a card purchase', () => {
  it('takes the pack back in one purchase_reversed entry; the same event again, a dispute after it and a second refund take nothing more', async () => {
    const u = await buyer('rf_once');
    expect(await deliver(refunded('evt_rf_once', u.intent))).toEqual({ status: 200, body: { received: true } });
    expect(await byReason(u.uid, 'purchase_reversed')).toEqual([expect.objectContaining({ delta: -150, ref: u.session })]);
    expect(await balanceOf(u.uid)).toBe(50);
    expect(await sessionDoc(u.session)).toMatchObject({ status: 'reversed', reversal_event_id: 'evt_rf_once', reversed_tokens: 150, payment_intent: u.intent });
    expect((await h.db.collection('stripe_events').doc('evt_rf_once').get()).data()).toMatchObject({ type: 'charge.refunded', session_id: u.session, reversed_tokens: 150 });

    for (const again of [refunded('evt_rf_once', u.intent), disputed('evt_rf_once_dispute', u.intent), refunded('evt_rf_once_second', u.intent, 100)]) {
      expect(await deliver(again)).toEqual({ status: 200, body: { received: true } });
    }
    expect(await byReason(u.uid, 'purchase_reversed')).toHaveLength(1);
    expect(await balanceOf(u.uid)).toBe(50);
    await expectInvariant();
  });

  it('a dispute alone takes the pack back, and a refund after it takes nothing more', async () => {
    const u = await buyer('rf_dispute', 'premium');
    expect((await deliver(disputed('evt_dp_first', u.intent))).status).toBe(200);
    expect((await deliver(refunded('evt_dp_then_refund', u.intent))).status).toBe(200);
    expect(await byReason(u.uid, 'purchase_reversed')).toEqual([expect.objectContaining({ delta: -300, ref: u.session })]);
    expect(await balanceOf(u.uid)).toBe(50);
    await expectInvariant();
  });

  it('a partial refund reverses the whole pack (docs/adr/0035-token-packs-stripe-checkout-and-reversals.md)', async () => {
    const u = await buyer('rf_partial');
    expect((await deliver(refunded('evt_rf_partial', u.intent, 1))).status).toBe(200);
    expect(await byReason(u.uid, 'purchase_reversed')).toEqual([expect.objectContaining({ delta: -150 })]);
    expect(await balanceOf(u.uid)).toBe(50);
  });

  it('10 deliveries at once of the same refund, and 10 different refunds and disputes at once, reverse once', async () => {
    const same = await buyer('rf_para_same');
    const mixed = await buyer('rf_para_mixed');
    const results = await Promise.all([
      ...Array.from({ length: 10 }, () => deliver(refunded('evt_rf_para_same', same.intent))),
      ...Array.from({ length: 10 }, (_, i) => deliver(i % 2 ? disputed(`evt_dp_para_${i}`, mixed.intent) : refunded(`evt_rf_para_${i}`, mixed.intent))),
    ]);
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    for (const u of [same, mixed]) {
      expect(await byReason(u.uid, 'purchase_reversed')).toEqual([expect.objectContaining({ delta: -150, ref: u.session })]);
      expect(await balanceOf(u.uid)).toBe(50);
    }
    await expectInvariant();
  });
});

describe('a refund racing the completion', () => {
  it('a refund delivered before the completion: nothing is credited, then or later', async () => {
    const u = await signUp(h, 'rf_first');
    const { session, intent } = await checkout(u.token, 'pro');
    expect((await deliver(refunded('evt_rf_first', intent))).status).toBe(200);
    expect(await sessionDoc(session)).toMatchObject({ status: 'reversed', reversed_tokens: 0 });
    expect((await deliver(completed('evt_rf_first_buy', session, u.uid, 'pro', intent))).status).toBe(200);
    // The local pay page too: the session is no longer open.
    expect((await fetch(h.url(`/api/payments/local-checkout/${session}/pay`), { method: 'POST', redirect: 'manual' })).status).toBe(303);
    expect(await ledgerOf(u.uid)).toEqual([expect.objectContaining({ reason: 'signup_grant' })]);
    expect(await balanceOf(u.uid)).toBe(50);
    await expectInvariant();
  });

  it('both at once, either order, several times: the user never keeps the tokens and balance == sum(ledger)', async () => {
    const u = await signUp(h, 'rf_race');
    for (let round = 0; round < 6; round++) {
      const { session, intent } = await checkout(u.token, 'starter');
      const buy = () => deliver(completed(`evt_race_buy_${round}`, session, u.uid, 'starter', intent));
      const refund = () => deliver(refunded(`evt_race_refund_${round}`, intent));
      // Which lands first is up to timing (the tests above pin each order on its own); the outcome must not depend on it.
      const results = await Promise.all(round % 2 ? [refund(), buy()] : [buy(), refund()]);
      expect(results.map((r) => r.status)).toEqual([200, 200]);
      expect((await sessionDoc(session)).status).toBe('reversed');
      const entries = (await ledgerOf(u.uid)).filter((e) => e.ref === session);
      // Credited then reversed (+50, -50), or reversed first (nothing): either way net zero.
      expect(entries.reduce((sum, e) => sum + e.delta, 0)).toBe(0);
      expect(entries.length === 0 || entries.length === 2).toBe(true);
    }
    expect(await balanceOf(u.uid)).toBe(50);
    await expectInvariant();
  });
});

describe('a refund that leaves the balance below zero', () => {
  it('goes through; the negative balance spends nothing until it is positive again, and credits still arrive', async () => {
    await addTrack(h);
    const u = await buyer('rf_negative');
    // Most of the pack spent (as on votes, entries, licences) before the refund arrives.
    await grant(h, u.uid, -190);
    expect((await deliver(refunded('evt_rf_negative', u.intent))).status).toBe(200);
    expect(await balanceOf(u.uid)).toBe(-140);
    expect((await h.call('GET', '/api/me', { token: u.token })).body.balance).toBe(-140);

    // A paid vote session (the free first one used, the free week over) is refused: 402, nothing written.
    await h.db.collection('user_vote_stats').doc(u.uid).set({ user_id: u.uid, open_session_id: null, sessions_opened: 1 });
    h.clock.now += 8 * 86_400_000;
    const before = (await ledgerOf(u.uid)).length;
    const spend = await openSession(h, u.token, 10);
    expect(spend.status).toBe(402);
    expect(spend.body.error).toMatchObject({ code: 'insufficient_tokens', detail: 'You need 10 tokens but only have -140.' });
    expect((await ledgerOf(u.uid)).length).toBe(before);

    // The daily token still arrives.
    const daily = await h.call('POST', '/api/tokens/claim-daily', { token: u.token });
    expect(daily.body).toMatchObject({ granted: true, balance: -139 });
    expect(await balanceOf(u.uid)).toBe(-139);
    await expectInvariant();
  });
});

describe('events that reverse nothing', () => {
  it('an unsigned or forged refund is refused with 400 and writes nothing', async () => {
    const u = await buyer('rf_forged');
    const payload = refunded('evt_rf_forged', u.intent);
    expect((await h.call('POST', '/api/payments/webhook', { raw: payload })).status).toBe(400);
    expect((await h.call('POST', '/api/payments/webhook', signed(payload, 'whsec_attacker'))).status).toBe(400);
    expect((await h.call('POST', '/api/payments/webhook', { raw: payload, headers: { 'Stripe-Signature': 't=1,v1=deadbeef' } })).status).toBe(400);
    expect((await h.db.collection('stripe_events').doc('evt_rf_forged').get()).exists).toBe(false);
    expect(await byReason(u.uid, 'purchase_reversed')).toEqual([]);
    expect(await balanceOf(u.uid)).toBe(200);
    expect((await sessionDoc(u.session)).status).toBe('completed');
  });

  it('a refund or dispute of a charge that is not ours, or names no payment intent, is acknowledged with 200 and writes nothing', async () => {
    const u = await buyer('rf_unknown');
    const noIntent = JSON.stringify({ id: 'evt_rf_no_pi', object: 'event', type: 'charge.refunded', data: { object: { id: 'ch_x', object: 'charge' } } });
    const badIntent = refunded('evt_rf_bad_pi', 'a/b');
    for (const payload of [refunded('evt_rf_unknown', 'pi_not_ours'), disputed('evt_dp_unknown', 'pi_not_ours'), noIntent, badIntent]) {
      expect(await deliver(payload)).toEqual({ status: 200, body: { received: true } });
    }
    for (const id of ['evt_rf_unknown', 'evt_dp_unknown', 'evt_rf_no_pi']) expect((await h.db.collection('stripe_events').doc(id).get()).exists).toBe(false);
    expect(await byReason(u.uid, 'purchase_reversed')).toEqual([]);
    expect(await balanceOf(u.uid)).toBe(200);
  });

  it('a completion naming another payment intent than the session was given credits nothing', async () => {
    const u = await signUp(h, 'rf_other_pi');
    const { session } = await checkout(u.token, 'pro');
    expect((await deliver(completed('evt_other_pi', session, u.uid, 'pro', 'pi_someone_elses'))).status).toBe(200);
    expect(await byReason(u.uid, 'token_purchase')).toEqual([]);
    expect((await sessionDoc(session)).status).toBe('open');
  });
});

/**
 * Stripe Checkout as deployed: sessions made by Stripe, whose payment intent we learn only from
 * the completion. A refund that overtakes it is linked to the session by asking Stripe
 * (checkoutSessionOfPaymentIntent, here a twin that knows the sessions it made).
 */
describe('with Stripe Checkout (the payment intent arrives with the completion)', () => {
  const intents = new Map<string, string>();
  let asked: string[] = [];
  const stripe = () =>
    withOverrides(h.deps, {
      payments: withOverrides(h.deps.payments, {
        mode: (): ReturnType<PaymentGateway['mode']> => 'stripe',
        createCheckoutSession: async () => {
          const id = `cs_test_${randomUUID().replaceAll('-', '')}`;
          intents.set(`pi_${id.slice(8, 32)}`, id);
          return { id, url: `https://checkout.stripe.test/${id}` };
        },
        checkoutSessionOfPaymentIntent: async (intent: string) => {
          asked.push(intent);
          return intents.get(intent) ?? null;
        },
      } satisfies Partial<PaymentGateway>),
    });
  const call = (path: string, o: Parameters<typeof callWithDeps>[3]) => callWithDeps(stripe(), 'POST', path, o);
  const stripeCheckout = async (token: string) => {
    const res = await call('/api/payments/checkout', { token, body: { packageId: 'pro' } });
    expect(res.status).toBe(200);
    const session = (res.body.url as string).split('/').pop()!;
    expect((await sessionDoc(session)).payment_intent).toBeUndefined();
    return { session, intent: [...intents].find(([, s]) => s === session)![0] };
  };

  it('a refund before the completion is linked through Stripe; the completion then credits nothing', async () => {
    const u = await signUp(h, 'rf_stripe_first');
    const { session, intent } = await stripeCheckout(u.token);
    asked = [];
    expect((await call('/api/payments/webhook', signed(refunded('evt_st_refund', intent)))).status).toBe(200);
    expect(asked).toEqual([intent]);
    expect(await sessionDoc(session)).toMatchObject({ status: 'reversed', payment_intent: intent, reversed_tokens: 0 });
    expect((await call('/api/payments/webhook', signed(completed('evt_st_buy', session, u.uid, 'pro', intent)))).status).toBe(200);
    expect(await ledgerOf(u.uid)).toEqual([expect.objectContaining({ reason: 'signup_grant' })]);
    await expectInvariant();
  });

  it('the completion stores the payment intent, so a later refund is linked without asking Stripe', async () => {
    const u = await signUp(h, 'rf_stripe_later');
    const { session, intent } = await stripeCheckout(u.token);
    expect((await call('/api/payments/webhook', signed(completed('evt_st_buy2', session, u.uid, 'pro', intent)))).status).toBe(200);
    expect(await sessionDoc(session)).toMatchObject({ status: 'completed', payment_intent: intent });
    asked = [];
    expect((await call('/api/payments/webhook', signed(disputed('evt_st_dispute', intent)))).status).toBe(200);
    expect(asked).toEqual([]);
    expect(await byReason(u.uid, 'purchase_reversed')).toEqual([expect.objectContaining({ delta: -150, ref: session })]);
    expect(await balanceOf(u.uid)).toBe(50);
    await expectInvariant();
  });
});
