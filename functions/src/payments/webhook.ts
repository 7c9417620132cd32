import { COL } from '../platform/collections';
import { log } from '../platform/log';
import type { RequestHandler } from 'express';
import type Stripe from 'stripe';
import { docId } from '../../../common/schemas';
import type { Deps } from '../platform/deps';
import { badRequest } from '../platform/errors';
import { rawBodyOf } from '../platform/http';
import { readBalance, writeLedgerEntry } from '../tokens/ledger';
import { packById, priceCents } from './packs';

const CREDITING = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

export type WebhookResult = { received: true; credited: number };

const ignored = (eventId: string, why: string): WebhookResult => {
  log.stripeEventIgnored(eventId, why);
  return { received: true, credited: 0 };
};

/**
 * Credits a paid checkout once. The checkout session must be one this server created: its
 * stored user, pack and amount must match the event's. One transaction records the event id
 * (create()), marks the session completed and writes the ledger entry, so a replayed event,
 * and a second event for the same session (completed, then async_payment_succeeded), credit
 * nothing more.
 */
async function handleEvent(deps: Deps, event: Stripe.Event): Promise<WebhookResult> {
  if (!CREDITING.has(event.type)) return { received: true, credited: 0 };
  const session = event.data.object as Stripe.Checkout.Session;
  if (session.payment_status !== 'paid') return { received: true, credited: 0 };
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
    if (stored.get('status') === 'completed') return { credited: 0, why: 'session already credited' };
    if (stored.get('user_id') !== userId || stored.get('pack_id') !== pack.id) return { credited: 0, why: 'user or pack differs from the session' };
    if (session.amount_total !== priceCents(pack) || (session.currency ?? 'usd') !== 'usd') return { credited: 0, why: 'amount differs from the pack' };
    const balance = await readBalance(db, tx, userId);
    const nowIso = new Date(deps.now()).toISOString();
    tx.create(eventRef, { type: event.type, session_id: session.id, user_id: userId, pack_id: pack.id, tokens: pack.tokens, created_at: nowIso });
    writeLedgerEntry(db, tx, balance, { userId, delta: pack.tokens, reason: 'token_purchase', ref: session.id }, nowIso);
    tx.update(sessionRef, { status: 'completed', completed_at: nowIso, event_id: event.id });
    return { credited: pack.tokens };
  });
  if ('why' in outcome && outcome.why) return ignored(event.id, outcome.why);
  return { received: true, credited: outcome.credited };
}

/** Verifies and handles one delivery; used by the webhook route and by the local checkout page. */
export async function processWebhook(deps: Deps, raw: Buffer | string, signature: string | undefined): Promise<WebhookResult> {
  return handleEvent(deps, deps.payments.verifyEvent(raw, signature));
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
