import { describe, expect, it } from 'vitest';
import { HttpError } from './errors';
import { PAYMENTS_UNAVAILABLE, stripePayments } from './payments';

const local = stripePayments({ mode: 'local', webhookSecret: 'whsec_test' });
const event = JSON.stringify({ id: 'evt_1', object: 'event', type: 'checkout.session.completed', data: { object: { id: 'cs_1' } } });

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof HttpError ? { status: err.status, message: err.message } : err;
  }
  return null;
};

describe('stripePayments', () => {
  it('verifies what it signed, over the exact bytes', () => {
    expect(local.mode()).toBe('local');
    expect(local.verifyEvent(Buffer.from(event), local.sign(event)).id).toBe('evt_1');
    expect(refusal(() => local.verifyEvent(`${event} `, local.sign(event)))).toEqual({ status: 400, message: 'Invalid webhook signature' });
  });

  it('refuses a missing signature, another secret and a signed body that is not an event', () => {
    expect(refusal(() => local.verifyEvent(event, undefined))).toEqual({ status: 400, message: 'Missing Stripe-Signature header' });
    const other = stripePayments({ mode: 'local', webhookSecret: 'whsec_other' });
    expect(refusal(() => local.verifyEvent(event, other.sign(event)))).toEqual({ status: 400, message: 'Invalid webhook signature' });
    const notEvent = JSON.stringify({ hello: 'world' });
    expect(refusal(() => local.verifyEvent(notEvent, local.sign(notEvent)))).toEqual({ status: 400, message: 'Not a Stripe event' });
  });

  it('refuses everything with a 503 when payments are off, never falling back', async () => {
    const off = stripePayments({ mode: 'off', reason: 'STRIPE_SECRET_KEY is not set' });
    const unavailable = { status: 503, message: PAYMENTS_UNAVAILABLE };
    expect(refusal(() => off.mode())).toEqual(unavailable);
    expect(refusal(() => off.sign(event))).toEqual(unavailable);
    expect(refusal(() => off.verifyEvent(event, local.sign(event)))).toEqual(unavailable);
    await expect(off.createCheckoutSession({ mode: 'payment' })).rejects.toMatchObject(unavailable);
  });
});
