import { COL } from '../platform/firestore/collections';
import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { checkoutInput } from '../../../common/api/payments';
import { TOKEN_PACKS } from '../../../common/constants';
import { CHECKOUT_CANCELLED_PATH } from '../../../common/marketplace/pricing-messages';
import { requireCaller } from '../platform/http/auth';
import type { Deps } from '../platform/deps';
import { badRequest, notFound } from '../platform/http/errors';
import { consumeRateLimit } from '../platform/http/rate-limit';
import { parse } from '../platform/http/validate';
import { packById, priceCents, type TokenPack } from './packs';


/** Where Stripe sends the buyer back: the configured app URL, never a request header. */
export const returnUrls = (appUrl: string) => ({
  success_url: `${appUrl}/pricing/success?session_id={CHECKOUT_SESSION_ID}`,
  cancel_url: `${appUrl}${CHECKOUT_CANCELLED_PATH}`,
});

/** A Stripe Checkout Session for the pack, tagged with the user and pack it pays for. */
function stripeSession(deps: Deps, uid: string, pack: TokenPack): Promise<{ id: string; url: string | null }> {
  return deps.payments.createCheckoutSession({
    mode: 'payment',
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: 'usd',
          unit_amount: priceCents(pack),
          product_data: { name: `${pack.name} pack: ${pack.tokens} tokens` },
        },
      },
    ],
    metadata: { user_id: uid, pack_id: pack.id, tokens: String(pack.tokens) },
    client_reference_id: uid,
    ...returnUrls(deps.env.appUrl),
  });
}

/** POST /api/payments/checkout { packageId } -> { url }. Amounts come from the server's packs only. */
export const createCheckout =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const caller = requireCaller(res);
    const { packageId } = parse(checkoutInput, req.body);
    const pack = packById(packageId);
    if (!pack) throw badRequest(`Unknown token pack; expected one of ${TOKEN_PACKS.map((p) => p.id).join(', ')}`);
    // Tokens go to a profile's balance: an account made straight through Firebase Auth's API has none to pay into.
    if (!(await deps.db.collection(COL.profiles).doc(caller.uid).get()).exists) throw notFound('Profile not found');
    // Each start is a stored session and, deployed, a call to Stripe's API (its request quota is the account's).
    await consumeRateLimit(deps, 'checkout_create', caller.uid);
    const local = deps.payments.mode() === 'local';
    const session = local ? { id: `cs_local_${randomUUID().replaceAll('-', '')}`, url: null } : await stripeSession(deps, caller.uid, pack);
    // A local session's payment intent exists from the start (a Stripe session's arrives with its completion): refunds name it.
    const localIntent = local ? { payment_intent: `pi_local_${randomUUID().replaceAll('-', '')}` } : {};
    await deps.db.collection(COL.checkoutSessions).doc(session.id).create({
      user_id: caller.uid,
      pack_id: pack.id,
      tokens: pack.tokens,
      amount_usd: pack.priceUsd,
      amount_cents: priceCents(pack),
      status: 'open',
      provider: local ? 'local' : 'stripe',
      created_at: new Date(deps.now()).toISOString(),
      ...localIntent,
    });
    res.json({ url: local ? `/api/payments/local-checkout/${session.id}` : session.url });
  };
