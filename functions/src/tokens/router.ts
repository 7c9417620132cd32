import { Router } from 'express';
import { tokens } from '../../../common/api/tokens';
import type { Deps } from '../platform/deps';
import { mounter } from '../platform/http/mount';
import { adjustTokens } from './admin-adjust';
import { claimDaily } from './claim-daily';
import { redeem } from './redeem-route';

/** Tokens outside of purchases: the daily grant, coupons and super admins' adjustments. */
export function tokensRouter(deps: Deps): Router {
  const router = Router();
  const on = mounter(deps, router, '/api');
  on(tokens.claimDaily, claimDaily(deps));
  on(tokens.redeemCoupon, redeem(deps));
  on(tokens.adjust, adjustTokens(deps));
  return router;
}
