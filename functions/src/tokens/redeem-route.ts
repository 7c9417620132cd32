import type { RequestHandler } from 'express';
import { couponInput } from '../../../common/schemas';
import { requireCaller } from '../platform/auth';
import type { Deps } from '../platform/deps';
import { HttpError } from '../platform/errors';
import { clientIp } from '../platform/http';
import { consumeRateLimit } from '../platform/rate-limit';
import { parse } from '../platform/validate';
import { redeemCoupon } from './redeem-coupon';

/** POST /api/coupons/redeem — { success, message } on 200, or a 4xx with success false (429 past the per-IP limit). */
export const redeem =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const caller = requireCaller(res);
    const { code } = parse(couponInput, req.body);
    try {
      await consumeRateLimit(deps, 'coupon', clientIp(req));
      res.json(await redeemCoupon(deps, caller.uid, code));
    } catch (err) {
      if (!(err instanceof HttpError) || err.status >= 500) throw err;
      res.set(err.headers);
      res.status(err.status).json({ success: false, message: err.message, error: { code: err.code, message: err.message } });
    }
  };
