import { z } from 'zod';
import { docId } from '../schemas';
import { endpoint, json, jsonBody, other } from './contract';

export const checkoutInput = z.strictObject({ packageId: z.string().max(40) });
const sessionParams = z.object({ id: docId });
const localSessionParams = z.object({ sessionId: docId });

/** Token packs bought by card (functions/src/payments/router.ts; the webhook is mounted in app.ts, before express.json). */
export const payments = {
  webhook: endpoint({
    method: 'POST',
    path: '/api/payments/webhook',
    access: 'public',
    summary: "Stripe's events, signed (Stripe-Signature over the raw body: the signature is the permission)",
    body: { kind: 'raw', contentType: 'application/json' },
    checkedBy: 'handler',
    response: json(z.object({ received: z.boolean() })),
  }),
  checkout: endpoint({
    method: 'POST',
    path: '/api/payments/checkout',
    access: 'user',
    summary: 'Starts a checkout for a token pack; answers where to pay',
    body: jsonBody(checkoutInput),
    response: json(z.object({ url: z.string().nullable() })),
  }),
  session: endpoint({
    method: 'GET',
    path: '/api/payments/session/:id',
    access: 'owner',
    summary: "A checkout's status, for its buyer",
    params: sessionParams,
    checkedBy: 'handler',
    response: json(z.object({ status: z.enum(['open', 'completed']), tokens: z.number() })),
  }),
  localCheckoutPage: endpoint({
    method: 'GET',
    path: '/api/payments/local-checkout/:sessionId',
    access: 'public',
    summary: "The local stack's stand-in for Stripe's checkout page (HTML); the unguessable session id is the capability",
    params: localSessionParams,
    checkedBy: 'handler',
    response: other('html', 200, 'text/html'),
  }),
  localCheckoutPay: endpoint({
    method: 'POST',
    path: '/api/payments/local-checkout/:sessionId/pay',
    access: 'public',
    summary: "Pays a local checkout (the page's form) and redirects to the success page",
    params: localSessionParams,
    checkedBy: 'handler',
    response: other('redirect', 303),
  }),
} as const;
