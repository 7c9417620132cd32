import { Router } from 'express';
import type { Deps } from '../platform/deps';
import { createCheckout } from './checkout';
import { localCheckoutPage, localCheckoutPay } from './local-checkout';
import { sessionStatus } from './session-status';

/** Token packs bought by card, under /api/payments (the webhook is mounted in app.ts, before express.json). */
export function paymentsRouter(deps: Deps): Router {
  const router = Router();
  router.post('/checkout', createCheckout(deps));
  router.get('/session/:id', sessionStatus(deps));
  router.get('/local-checkout/:sessionId', localCheckoutPage(deps));
  router.post('/local-checkout/:sessionId/pay', localCheckoutPay(deps));
  return router;
}
