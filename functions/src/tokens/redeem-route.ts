import type { RequestHandler } from 'express';
import { redeemInput } from '../../../common/api/tokens';
import { MSG } from '../../../common/messages';
import { couponCode } from '../../../common/schemas';
import { requireCaller } from '../platform/http/auth';
import type { Deps } from '../platform/deps';
import { clientKey } from '../platform/http/client-ip';
import { badRequest } from '../platform/http/errors';
import { consumeRateLimit } from '../platform/http/rate-limit';
import { parse } from '../platform/http/validate';
import { redeemCoupon } from './redeem-coupon';

/** POST /api/coupons/redeem — { success, message, balance, tokens } on 200; refusals are the usual error shape (429 past the per-IP limit). */
export const redeem =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const caller = requireCaller(res);
    const { code: typed } = parse(redeemInput, req.body);
    await consumeRateLimit(deps, 'coupon', clientKey(req));
    // A code no coupon can have ("A/B", "__X__", blank) is refused like any unknown one: every refusal reads the same.
    const code = couponCode.safeParse(typed);
    if (!code.success) throw badRequest(MSG.couponInvalidDefault);
    res.json(await redeemCoupon(deps, caller.uid, code.data));
  };
