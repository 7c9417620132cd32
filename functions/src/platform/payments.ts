import type Stripe from 'stripe';
import { z } from 'zod';
import type { PaymentsEnv } from '../env';
import { badRequest, unavailable } from './http/errors';
import { lazy } from './http/lazy';
import { log } from './log';

/** Stripe's library loads with the first checkout or webhook (platform/http/lazy.ts). */
const stripeLib = lazy(async () => (await import('stripe')).default);

export const PAYMENTS_UNAVAILABLE = 'Payments are not available right now. Please try again later.';

/** What every Stripe event has; a signed body without it is refused rather than read. */
const eventShape = z.object({ id: z.string(), type: z.string(), data: z.object({ object: z.record(z.string(), z.unknown()) }) });

/**
 * Stripe, as the API uses it: Checkout sessions and webhook signatures, with the configured
 * secrets. Every method refuses with a 503 when payments are off: never a fallback.
 */
export interface PaymentGateway {
  /** 'stripe' (real Checkout) or 'local' (the emulators' own checkout page). */
  mode(): 'stripe' | 'local';
  createCheckoutSession(params: Stripe.Checkout.SessionCreateParams): Promise<{ id: string; url: string | null }>;
  /**
   * The Checkout Session that created `paymentIntentId`, asked of Stripe (a refund or dispute may
   * arrive before the session's completion told us its payment intent); null when Stripe knows
   * none, and always null locally, where a session carries its payment intent from the start.
   */
  checkoutSessionOfPaymentIntent(paymentIntentId: string): Promise<string | null>;
  /** The event of a webhook delivery, verified over the raw bytes; a bad signature is a 400. */
  verifyEvent(raw: Buffer | string, signature: string | undefined): Promise<Stripe.Event>;
  /** A Stripe-Signature header for `payload`, as Stripe would sign it (the local checkout page). */
  sign(payload: string): Promise<string>;
}

/** `stripeOptions`: how the Stripe client reaches the API (a test's stand-in server); Stripe's own by default. */
export function stripePayments(config: PaymentsEnv, stripeOptions: Stripe.StripeConfig = {}): PaymentGateway {
  const live = () => {
    if (config.mode !== 'off') return config;
    log.paymentsRefused(config.reason);
    throw unavailable(PAYMENTS_UNAVAILABLE);
  };
  let client: Stripe | null = null;
  return {
    mode: () => live().mode,
    async createCheckoutSession(params) {
      const payments = live();
      if (payments.mode !== 'stripe') throw new Error('Stripe Checkout needs a Stripe secret key');
      client ??= new (await stripeLib())(payments.secretKey, stripeOptions);
      const session = await client.checkout.sessions.create(params);
      return { id: session.id, url: session.url };
    },
    async checkoutSessionOfPaymentIntent(paymentIntentId) {
      const payments = live();
      if (payments.mode !== 'stripe') return null;
      client ??= new (await stripeLib())(payments.secretKey, stripeOptions);
      let found: Stripe.ApiList<Stripe.Checkout.Session>;
      try {
        found = await client.checkout.sessions.list({ payment_intent: paymentIntentId, limit: 1 });
      } catch (err) {
        // Stripe retries a delivery answered with a 5xx: the reversal waits rather than being dropped.
        log.paymentsLookupFailed(paymentIntentId, err);
        throw unavailable(PAYMENTS_UNAVAILABLE, 60);
      }
      return found.data[0]?.id ?? null;
    },
    async verifyEvent(raw, signature) {
      const { webhookSecret } = live();
      if (!signature) throw badRequest('Missing Stripe-Signature header');
      const { webhooks } = await stripeLib();
      let event: Stripe.Event;
      try {
        event = webhooks.constructEvent(raw, signature, webhookSecret);
      } catch {
        throw badRequest('Invalid webhook signature');
      }
      if (!eventShape.safeParse(event).success) throw badRequest('Not a Stripe event');
      return event;
    },
    async sign(payload) {
      const secret = live().webhookSecret;
      return (await stripeLib()).webhooks.generateTestHeaderString({ payload, secret });
    },
  };
}
