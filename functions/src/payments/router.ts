import { Router } from 'express';
import { payments } from '../../../common/api/payments';
import type { Deps } from '../platform/deps';
import { mounter } from '../platform/http/mount';
import { createCheckout } from './checkout';
import { localCheckoutPage, localCheckoutPay } from './local-checkout';
import { sessionStatus } from './session-status';

/** Token packs bought by card, under /api/payments (the webhook is mounted in app.ts, before express.json). */
export function paymentsRouter(deps: Deps): Router {
  const router = Router();
  const on = mounter(deps, router, '/api/payments');
  on(payments.checkout, createCheckout(deps));
  on(payments.session, sessionStatus(deps));
  on(payments.localCheckoutPage, localCheckoutPage(deps));
  on(payments.localCheckoutPay, localCheckoutPay(deps));
  return router;
}
