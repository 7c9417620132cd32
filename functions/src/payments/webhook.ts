import { COL } from '../platform/firestore/collections';
import { log } from '../platform/log';
import type { RequestHandler } from 'express';
import type Stripe from 'stripe';
import { docId } from '../../../common/schemas';
import type { Deps } from '../platform/deps';
import { badRequest } from '../platform/http/errors';
import { rawBodyOf } from '../platform/http/http';
import { readBalance, writeLedgerEntry } from '../tokens/ledger';
import { checkoutSessionOf } from './checkout-session-doc';
import { packById, priceCents } from './packs';

const CREDITING = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);
/** Events that take a purchase's tokens back: a refund (whole or partial) and a dispute (chargeback). */
const REVERSING = new Set(['charge.refunded', 'charge.dispute.created']);

/** What one delivery did: tokens credited by a completion, tokens taken back by a refund or dispute. */
export type WebhookResult = { received: true; credited: number; reversed: number };

const done = (o: { credited?: number; reversed?: number } = {}): WebhookResult => ({ received: true, credited: o.credited ?? 0, reversed: o.reversed ?? 0 });

const ignored = (eventId: string, why: string): WebhookResult => {
  log.stripeEventIgnored(eventId, why);
  return done();
};

/** The payment intent id a checkout session, a charge or a dispute names (an id, or an expanded object's); null without a usable one. */
function paymentIntentOf(object: object): string | null {
  const pi: unknown = (object as { payment_intent?: unknown }).payment_intent;
  const id = typeof pi === 'object' && pi !== null ? (pi as { id?: unknown }).id : pi;
  return typeof id === 'string' && docId.safeParse(id).success ? id : null;
}

/**
 * Credits a paid checkout once. The checkout session must be one this server created: its
 * stored user, pack and amount must match the event's. One transaction records the event id
 * (create()), marks the session completed and writes the ledger entry, so a replayed event,
 * and a second event for the same session (completed, then async_payment_succeeded), credit
 * nothing more; nor does a completion of a session already reversed (its refund came first). The
 * session keeps the payment's `payment_intent`, which a later refund or dispute names.
 */
async function creditPurchase(deps: Deps, event: Stripe.Event): Promise<WebhookResult> {
  const session = event.data.object as Stripe.Checkout.Session;
  if (session.payment_status !== 'paid') return done();
  const paymentIntent = paymentIntentOf(session);
  const userId = session.metadata?.user_id ?? session.client_reference_id ?? '';
  const pack = packById(session.metadata?.pack_id);
  // Not one of our checkouts: acknowledged (so Stripe stops retrying), nothing written.
  if (!pack || !docId.safeParse(userId).success || !docId.safeParse(event.id).success || !docId.safeParse(session.id).success) {
    return ignored(event.id, 'unknown pack, user or session');
  }
  const { db } = deps;
  const eventRef = db.collection(COL.stripeEvents).doc(event.id);
  const sessionRef = db.collection(COL.checkoutSessions).doc(session.id);
  const outcome = await db.runTransaction(async (tx) => {
    const [seen, stored] = await Promise.all([tx.get(eventRef), tx.get(sessionRef)]);
    if (seen.exists) return { credited: 0 };
    if (!stored.exists) return { credited: 0, why: 'no checkout session of ours' };
    // Completed: credited already. Reversed: refunded or disputed before this completion arrived, so there is nothing to credit.
    if (stored.get('status') !== 'open') return { credited: 0, why: `session already ${stored.get('status') === 'reversed' ? 'reversed' : 'credited'}` };
    const storedIntent: unknown = stored.get('payment_intent');
    if (paymentIntent && storedIntent !== undefined && storedIntent !== paymentIntent) return { credited: 0, why: 'payment intent differs from the session' };
    if (stored.get('user_id') !== userId || stored.get('pack_id') !== pack.id) return { credited: 0, why: 'user or pack differs from the session' };
    if (session.amount_total !== priceCents(pack) || (session.currency ?? 'usd') !== 'usd') return { credited: 0, why: 'amount differs from the pack' };
    const balance = await readBalance(db, tx, userId);
    const nowIso = new Date(deps.now()).toISOString();
    tx.create(eventRef, { type: event.type, session_id: session.id, user_id: userId, pack_id: pack.id, tokens: pack.tokens, created_at: nowIso });
    writeLedgerEntry(db, tx, balance, { userId, delta: pack.tokens, reason: 'token_purchase', ref: session.id }, nowIso);
    // The payment intent links a later refund or dispute (a charge names only it) to this session.
    tx.update(sessionRef, { status: 'completed', completed_at: nowIso, event_id: event.id, ...(paymentIntent ? { payment_intent: paymentIntent } : {}) });
    return { credited: pack.tokens };
  });
  if ('why' in outcome && outcome.why) return ignored(event.id, outcome.why);
  return done({ credited: outcome.credited });
}

/**
 * Our checkout session that created `paymentIntent`: the one that stored it (local sessions from
 * their start, Stripe's once completed), else the one Stripe names (a refund that overtook the
 * completion); null when neither knows one.
 */
async function sessionOfPaymentIntent(deps: Deps, paymentIntent: string): Promise<string | null> {
  const ours = await deps.db.collection(COL.checkoutSessions).where('payment_intent', '==', paymentIntent).limit(1).get();
  if (!ours.empty) return ours.docs[0]!.id;
  const id = await deps.payments.checkoutSessionOfPaymentIntent(paymentIntent);
  return id !== null && docId.safeParse(id).success ? id : null;
}

/**
 * Takes a purchase's tokens back once (docs/adr/0035-token-packs-stripe-checkout-and-reversals.md: any refund, partial too, or a dispute
 * reverses the whole pack). One transaction records the event id, marks the checkout session
 * reversed and, when the session was credited, writes a `purchase_reversed` entry of minus its
 * tokens, which may leave the balance below zero. A session reversed while still open (the refund
 * overtook the completion) is never credited afterwards, so whichever lands first the user keeps
 * nothing. A second refund, a dispute after a refund and a replayed event take nothing more.
 */
async function reversePurchase(deps: Deps, event: Stripe.Event): Promise<WebhookResult> {
  const paymentIntent = paymentIntentOf(event.data.object);
  if (!paymentIntent || !docId.safeParse(event.id).success) return ignored(event.id, 'no payment intent on the charge or dispute');
  const sessionId = await sessionOfPaymentIntent(deps, paymentIntent);
  if (!sessionId) return ignored(event.id, 'no checkout session of ours for the payment intent');
  const { db } = deps;
  const eventRef = db.collection(COL.stripeEvents).doc(event.id);
  const sessionRef = db.collection(COL.checkoutSessions).doc(sessionId);
  const outcome = await db.runTransaction(async (tx) => {
    const [seen, stored] = await Promise.all([tx.get(eventRef), tx.get(sessionRef)]);
    if (seen.exists) return { reversed: 0 };
    const session = checkoutSessionOf(stored);
    if (!session) return { reversed: 0, why: 'no checkout session of ours' };
    if (session.payment_intent !== undefined && session.payment_intent !== paymentIntent) return { reversed: 0, why: 'payment intent differs from the session' };
    const status = session.status;
    const userId = session.user_id;
    const tokens = status === 'completed' ? session.tokens : 0;
    // Reads before writes: the balance only when there are tokens to take back.
    const balance = tokens > 0 ? await readBalance(db, tx, userId) : 0;
    const nowIso = new Date(deps.now()).toISOString();
    tx.create(eventRef, { type: event.type, session_id: sessionId, user_id: userId, payment_intent: paymentIntent, reversed_tokens: tokens, created_at: nowIso });
    if (status === 'reversed') return { reversed: 0, why: 'purchase already reversed' };
    if (tokens > 0) writeLedgerEntry(db, tx, balance, { userId, delta: -tokens, reason: 'purchase_reversed', ref: sessionId }, nowIso);
    tx.update(sessionRef, { status: 'reversed', reversed_at: nowIso, reversal_event_id: event.id, reversed_tokens: tokens, payment_intent: paymentIntent });
    return { reversed: tokens, userId };
  });
  if ('why' in outcome && outcome.why) return ignored(event.id, outcome.why);
  if ('userId' in outcome && outcome.userId) log.purchaseReversed(event.id, sessionId, outcome.userId, outcome.reversed);
  return done({ reversed: outcome.reversed });
}

async function handleEvent(deps: Deps, event: Stripe.Event): Promise<WebhookResult> {
  if (CREDITING.has(event.type)) return creditPurchase(deps, event);
  if (REVERSING.has(event.type)) return reversePurchase(deps, event);
  return done();
}

/** Verifies and handles one delivery; used by the webhook route and by the local checkout page. */
export async function processWebhook(deps: Deps, raw: Buffer | string, signature: string | undefined): Promise<WebhookResult> {
  return handleEvent(deps, await deps.payments.verifyEvent(raw, signature));
}

/** POST /api/payments/webhook: the raw bytes as received (rawBody under the Functions runtime). */
export const stripeWebhook =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const body: unknown = req.body;
    const raw = rawBodyOf(req) ?? (Buffer.isBuffer(body) ? body : undefined);
    if (!raw) throw badRequest('Expected a raw JSON body');
    const result = await processWebhook(deps, raw, req.get('stripe-signature'));
    res.json({ received: result.received });
  };
