import { COL } from '../platform/firestore/collections';
import type { RequestHandler } from 'express';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { docId } from '../../../common/schemas';
import { formatUsd } from '../../../common/format';
import { CHECKOUT_CANCELLED_PATH } from '../../../common/marketplace/pricing-messages';
import { callerOf } from '../platform/http/auth';
import type { Deps } from '../platform/deps';
import { forbidden, notFound } from '../platform/http/errors';
import { parse } from '../platform/http/validate';
import { checkoutSessionOf } from './checkout-session-doc';
import { packById } from './packs';
import { processWebhook } from './webhook';
import { escapeHtml } from '../platform/http/html';


/** The emulators' checkout page; a 404 where payments go through Stripe (a 503 where they are off). */
function requireLocalPayments(deps: Deps): void {
  if (deps.payments.mode() !== 'local') throw notFound('Local checkout is off: payments go through Stripe');
}

/** A local checkout session (no Stripe keys); its random id is the capability to pay it. */
async function openSession(deps: Deps, rawId: unknown): Promise<DocumentSnapshot> {
  requireLocalPayments(deps);
  const id = parse(docId, rawId);
  const snap = await deps.db.collection(COL.checkoutSessions).doc(id).get();
  if (!snap.exists || snap.get('provider') !== 'local') throw notFound('Checkout session not found');
  return snap;
}

/** Where a checkout returns to: the app's success page for the session. */
const successUrl = (id: string) => `/pricing/success?session_id=${encodeURIComponent(id)}`;

function page(id: string, packName: string, tokens: number, amount: string, paid: boolean): string {
  const pay = `/api/payments/local-checkout/${encodeURIComponent(id)}/pay`;
  const success = successUrl(id);
  // A finished session (reached again with Back) says so instead of offering to pay again.
  const actions = paid
    ? `<p role="status">This checkout is already paid.</p><div class="row"><a href="${success}">Back to your purchase</a></div>`
    : `<div class="row"><form method="post" action="${pay}" style="flex:1;display:flex"><button type="submit">Pay ${amount}</button></form>
<a href="${CHECKOUT_CANCELLED_PATH}">Cancel</a></div>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Checkout</title>
<link rel="icon" type="image/png" href="/favicon.png">
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#09090b;color:#f4f4f5;font-family:system-ui,sans-serif}
main{box-sizing:border-box;width:min(92vw,380px);border:1px solid #27272a;background:rgba(24,24,27,.6);border-radius:16px;padding:24px}
h1{font-size:1.25rem;margin:0 0 4px}p{color:#a1a1aa;margin:0 0 16px}.amount{font-size:2rem;font-weight:700;color:#f4f4f5}
.row{display:flex;gap:12px}button,a{flex:1;padding:12px;border-radius:10px;font:inherit;font-weight:600;text-align:center;cursor:pointer;text-decoration:none}
button{border:0;color:#fff;background:linear-gradient(to right,#c026d3,#7c3aed)}a{border:1px solid #3f3f46;color:#e4e4e7}
small{display:block;margin-top:16px;color:#71717a}
</style></head><body><main>
<h1>${escapeHtml(packName)} pack</h1><p>${tokens} tokens</p>
<p class="amount">${amount}</p>
${actions}
<small>Local test checkout: no card is charged.</small>
</main></body></html>`;
}

/** GET /api/payments/local-checkout/:sessionId: a small self-contained checkout page. */
export const localCheckoutPage =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const snap = await openSession(deps, req.params.sessionId);
    const pack = packById(snap.get('pack_id'));
    if (!pack) throw notFound('Checkout session not found');
    res.setHeader('Cache-Control', 'no-store');
    // Its own styles, no script; the form posts to this origin only.
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'");
    res.type('html').send(page(snap.id, pack.name, pack.tokens, formatUsd(pack.priceUsd), snap.get('status') !== 'open'));
  };

/**
 * POST /api/payments/local-checkout/:sessionId/pay: builds the `checkout.session.completed`
 * event Stripe would send, signs it with the webhook secret and hands it to the same
 * verify-and-credit path as the real webhook, then returns to the app (303).
 * A signed-in caller may only pay their own session.
 */
export const localCheckoutPay =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const snap = await openSession(deps, req.params.sessionId);
    const caller = callerOf(res);
    if (caller && caller.uid !== snap.get('user_id')) throw forbidden('This checkout belongs to another user');
    const success = successUrl(snap.id);
    const stored = checkoutSessionOf(snap);
    if (stored?.status === 'open') {
      const payload = JSON.stringify({
        id: `evt_local_${snap.id}`,
        object: 'event',
        type: 'checkout.session.completed',
        created: Math.floor(deps.now() / 1000),
        data: {
          object: {
            id: snap.id,
            object: 'checkout.session',
            mode: 'payment',
            payment_status: 'paid',
            status: 'complete',
            client_reference_id: snap.get('user_id'),
            payment_intent: stored?.payment_intent,
            amount_total: stored?.amount_cents,
            currency: 'usd',
            metadata: { user_id: snap.get('user_id'), pack_id: snap.get('pack_id'), tokens: String(snap.get('tokens')) },
          },
        },
      });
      await processWebhook(deps, payload, await deps.payments.sign(payload));
    }
    res.redirect(303, success);
  };
