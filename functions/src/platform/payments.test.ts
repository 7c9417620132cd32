import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { HttpError } from './http/errors';
import { PAYMENTS_UNAVAILABLE, stripePayments } from './payments';

const local = stripePayments({ mode: 'local', webhookSecret: 'whsec_test' });
const event = JSON.stringify({ id: 'evt_1', object: 'event', type: 'checkout.session.completed', data: { object: { id: 'cs_1' } } });

const refusal = async (fn: () => unknown) => {
  try {
    await fn();
  } catch (err) {
    return err instanceof HttpError ? { status: err.status, message: err.message } : err;
  }
  return null;
};

describe('stripePayments', () => {
  it('verifies what it signed, over the exact bytes', async () => {
    expect(local.mode()).toBe('local');
    expect((await local.verifyEvent(Buffer.from(event), await local.sign(event))).id).toBe('evt_1');
    expect(await refusal(async () => local.verifyEvent(`${event} `, await local.sign(event)))).toEqual({ status: 400, message: 'Invalid webhook signature' });
  });

  it('refuses a missing signature, another secret and a signed body that is not an event', async () => {
    expect(await refusal(() => local.verifyEvent(event, undefined))).toEqual({ status: 400, message: 'Missing Stripe-Signature header' });
    const other = stripePayments({ mode: 'local', webhookSecret: 'whsec_other' });
    expect(await refusal(async () => local.verifyEvent(event, await other.sign(event)))).toEqual({ status: 400, message: 'Invalid webhook signature' });
    const notEvent = JSON.stringify({ hello: 'world' });
    expect(await refusal(async () => local.verifyEvent(notEvent, await local.sign(notEvent)))).toEqual({ status: 400, message: 'Not a Stripe event' });
  });

  it('refuses everything with a 503 when payments are off, never falling back', async () => {
    const off = stripePayments({ mode: 'off', reason: 'STRIPE_SECRET_KEY is not set' });
    const unavailable = { status: 503, message: PAYMENTS_UNAVAILABLE };
    expect(await refusal(() => off.mode())).toEqual(unavailable);
    expect(await refusal(() => off.sign(event))).toEqual(unavailable);
    expect(await refusal(async () => off.verifyEvent(event, await local.sign(event)))).toEqual(unavailable);
    await expect(off.createCheckoutSession({ mode: 'payment' })).rejects.toMatchObject(unavailable);
    await expect(off.checkoutSessionOfPaymentIntent('pi_1')).rejects.toMatchObject(unavailable);
  });
});

/** A stand-in for Stripe's API on a local port, answering with `answer`; the paths it was asked. */
async function withStripeApi<T>(answer: (req: IncomingMessage, res: ServerResponse) => void, run: (gateway: ReturnType<typeof stripePayments>, asked: string[]) => Promise<T>): Promise<T> {
  const asked: string[] = [];
  const server = createServer((req, res) => {
    asked.push(`${req.method} ${req.url}`);
    answer(req, res);
  }).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as AddressInfo;
  try {
    const gateway = stripePayments({ mode: 'stripe', secretKey: 'sk_test_x', webhookSecret: 'whsec_test' }, { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });
    return await run(gateway, asked);
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
}

const list = (ids: string[]) => (_req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ object: 'list', url: '/v1/checkout/sessions', has_more: false, data: ids.map((id) => ({ id, object: 'checkout.session' })) }));
};

describe('checkoutSessionOfPaymentIntent', () => {
  it("asks Stripe for the payment intent's checkout session", async () => {
    await withStripeApi(list(['cs_test_a1']), async (gateway, asked) => {
      expect(await gateway.checkoutSessionOfPaymentIntent('pi_3Abc')).toBe('cs_test_a1');
      expect(asked).toEqual(['GET /v1/checkout/sessions?payment_intent=pi_3Abc&limit=1']);
    });
  });

  it('is null when Stripe knows no session for it, and locally, where sessions carry their payment intent', async () => {
    await withStripeApi(list([]), async (gateway) => expect(await gateway.checkoutSessionOfPaymentIntent('pi_other')).toBeNull());
    expect(await local.checkoutSessionOfPaymentIntent('pi_local_1')).toBeNull();
  });

  it('answers 503 when Stripe fails, so that Stripe delivers the event again', async () => {
    const failing = (_req: IncomingMessage, res: ServerResponse) => {
      res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: 'down' } }));
    };
    await withStripeApi(failing, async (gateway) => {
      await expect(gateway.checkoutSessionOfPaymentIntent('pi_1')).rejects.toMatchObject({ status: 503, message: PAYMENTS_UNAVAILABLE });
    });
  });
});
