import type { RequestHandler } from 'express';
import { couponInput } from '../../../common/schemas';
import { requireCaller } from '../platform/auth';
import type { Deps } from '../platform/deps';
import { clientIp } from '../platform/client-ip';
import { consumeRateLimit } from '../platform/rate-limit';
import { parse } from '../platform/validate';
import { redeemCoupon } from './redeem-coupon';

/** POST /api/coupons/redeem — { success, message, balance, tokens } on 200; refusals are the usual error shape (429 past the per-IP limit). */
export const redeem =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const caller = requireCaller(res);
    const { code } = parse(couponInput, req.body);
    await consumeRateLimit(deps, 'coupon', clientIp(req));
    res.json(await redeemCoupon(deps, caller.uid, code));
  };
