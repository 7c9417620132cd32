import { COL } from '../platform/collections';
import { log } from '../platform/log';
import type { RequestHandler } from 'express';
import type Stripe from 'stripe';
import { docId } from '../../../common/schemas';
import type { Deps } from '../platform/deps';
import { badRequest } from '../platform/errors';
import { readBalance, writeLedgerEntry } from '../tokens/ledger';
import { packById, PAYMENTS, stripe } from './config';

const CREDITING = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

export type WebhookResult = { received: true; credited: number };

/** Verifies the signature over the raw body; a bad one is a 400 and nothing is written. */
export function verifyEvent(raw: Buffer | string, signature: string | undefined): Stripe.Event {
  if (!signature) throw badRequest('Missing Stripe-Signature header');
  try {
    return stripe.webhooks.constructEvent(raw, signature, PAYMENTS.webhookSecret);
  } catch {
    throw badRequest('Invalid webhook signature');
  }
}

/**
 * Credits a paid checkout once: the event id is recorded with create() in the same transaction
 * as the ledger entry, so a replayed or duplicated event finds it and credits nothing.
 */
export async function handleEvent(deps: Deps, event: Stripe.Event): Promise<WebhookResult> {
  if (!CREDITING.has(event.type)) return { received: true, credited: 0 };
  const session = event.data.object as Stripe.Checkout.Session;
  if (session.payment_status !== 'paid') return { received: true, credited: 0 };
  const userId = session.metadata?.user_id ?? session.client_reference_id ?? '';
  const pack = packById(session.metadata?.pack_id);
  // Not one of our checkouts: acknowledged (so Stripe stops retrying), nothing written.
  if (!pack || !docId.safeParse(userId).success || !docId.safeParse(event.id).success) {
    log.stripeEventIgnored(event.id, 'unknown pack or user');
    return { received: true, credited: 0 };
  }
  const { db } = deps;
  return db.runTransaction(async (tx) => {
    const eventRef = db.collection(COL.stripeEvents).doc(event.id);
    const sessionRef = docId.safeParse(session.id).success ? db.collection(COL.checkoutSessions).doc(session.id) : null;
    const [seen, stored] = await Promise.all([tx.get(eventRef), sessionRef ? tx.get(sessionRef) : Promise.resolve(null)]);
    if (seen.exists) return { received: true as const, credited: 0 };
    const balance = await readBalance(db, tx, userId);
    const nowIso = new Date(deps.now()).toISOString();
    tx.create(eventRef, { type: event.type, session_id: session.id, user_id: userId, pack_id: pack.id, tokens: pack.tokens, created_at: nowIso });
    writeLedgerEntry(db, tx, balance, { userId, delta: pack.tokens, reason: 'token_purchase', ref: session.id }, nowIso);
    if (sessionRef && stored?.exists) tx.update(sessionRef, { status: 'completed', completed_at: nowIso, event_id: event.id });
    return { received: true as const, credited: pack.tokens };
  });
}

/** Verifies and handles one delivery; used by the webhook route and by the local checkout page. */
export async function processWebhook(deps: Deps, raw: Buffer | string, signature: string | undefined): Promise<WebhookResult> {
  return handleEvent(deps, verifyEvent(raw, signature));
}

/** POST /api/payments/webhook (raw JSON body, mounted before express.json). */
export const stripeWebhook =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const raw: unknown = req.body;
    if (!Buffer.isBuffer(raw)) throw badRequest('Expected a raw JSON body');
    const result = await processWebhook(deps, raw, req.get('stripe-signature'));
    res.json({ received: result.received });
  };
