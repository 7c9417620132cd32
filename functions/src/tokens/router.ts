import { Router } from 'express';
import { MSG } from '../../../common/messages';
import { requireSuperAdmin } from '../platform/auth';
import type { Deps } from '../platform/deps';
import { adjustTokens } from './admin-adjust';
import { claimDaily } from './claim-daily';
import { redeem } from './redeem-route';

/** Tokens outside of purchases: the daily grant, coupons and super admins' adjustments. */
export function tokensRouter(deps: Deps): Router {
  const router = Router();
  router.post('/tokens/claim-daily', claimDaily(deps));
  router.post('/coupons/redeem', redeem(deps));
  router.post('/admin/tokens/adjust', requireSuperAdmin(deps, MSG.onlySuperAdminsTokens), adjustTokens(deps));
  return router;
}
