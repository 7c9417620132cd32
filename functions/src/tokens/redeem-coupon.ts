import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { COL } from '../platform/firestore/collections';
import { converter } from '../platform/firestore/typed-collection';
import type { Deps } from '../platform/deps';
import { MSG } from '../../../common/messages';
import { HttpError, badRequest, notFound } from '../platform/http/errors';
import { log } from '../platform/log';
import { readBalance, writeLedgerEntry } from './ledger';

export type CouponResult = {
  success: boolean;
  message: string;
  balance?: number;
  tokens?: number;
  /** Not a refusal: the coupon could not be applied (sign-up reports it instead of failing). */
  error?: true;
};

/**
 * Every refusal reads the same: an unknown, inactive, expired, used-up or already redeemed code
 * cannot be told apart, so guessing codes learns nothing (attempts are also limited per IP).
 */
const invalidCoupon = () => badRequest(MSG.couponInvalidDefault);

/**
 * redeem_coupon: credits the coupon's tokens once per user per code, within its maximum
 * redemptions and before its expiry, in one transaction. Failures are typed 4xx errors.
 */
/** coupons/{code} as stored (written by hand or the seed): tokens, an optional cap and expiry, how often redeemed, and whether it is off. */
const storedCoupon = z.object({
  code: z.string().optional(),
  tokens: z.number(),
  max_redemptions: z.number().nullish(),
  expires_at: z.string().nullish(),
  redemptions: z.number().optional(),
  active: z.boolean().optional(),
});
export const couponsCol = (db: Firestore) => db.collection(COL.coupons).withConverter(converter(storedCoupon, COL.coupons));

export async function redeemCoupon(deps: Deps, userId: string, code: string): Promise<CouponResult> {
  const { db } = deps;
  return db.runTransaction(async (tx) => {
    const couponRef = couponsCol(db).doc(code);
    const redemptionRef = db.collection(COL.couponRedemptions).doc(`${code}:${userId}`);
    const [coupon, redemption, profile] = await Promise.all([
      tx.get(couponRef),
      tx.get(redemptionRef),
      tx.get(db.collection(COL.profiles).doc(userId)),
    ]);
    if (!profile.exists) throw notFound('Profile not found');
    const stored = coupon.data();
    if (!stored || stored.active === false) throw invalidCoupon();
    const expiresAt = stored.expires_at;
    if (expiresAt && Date.parse(expiresAt) <= deps.now()) throw invalidCoupon();
    if (redemption.exists) throw invalidCoupon();
    const max = stored.max_redemptions;
    const used = stored.redemptions ?? 0;
    if (typeof max === 'number' && used >= max) throw invalidCoupon();
    const tokens = stored.tokens;
    const current = await readBalance(db, tx, userId);

    const nowIso = new Date(deps.now()).toISOString();
    tx.create(redemptionRef, { code, user_id: userId, tokens, created_at: nowIso });
    tx.update(couponRef, { redemptions: FieldValue.increment(1) });
    const balance = writeLedgerEntry(db, tx, current, { userId, delta: tokens, reason: 'coupon', ref: code }, nowIso);
    return { success: true, message: `${tokens} tokens added to your balance`, balance, tokens };
  });
}

/**
 * The same outcome as data, for sign-up, which has created the account by then and must answer
 * 201 whatever the coupon does: a refusal reads as usual; anything else (a coupon too contended
 * to update right now, an outage) is logged and reported as not applied, with the spec's
 * 'Failed to apply coupon code'. Nothing of the coupon is written then (its transaction failed).
 */
export async function redeemCouponResult(deps: Deps, userId: string, code: string): Promise<CouponResult> {
  try {
    return await redeemCoupon(deps, userId, code);
  } catch (err) {
    if (err instanceof HttpError && err.status < 500) return { success: false, message: err.message };
    log.couponNotApplied(userId, code, err);
    return { success: false, error: true, message: MSG.couponErrorBody };
  }
}
