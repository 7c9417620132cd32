import { MSG } from '@common/messages';

/** A sign-up's coupon outcome, as the API reports it (`error`: not a refusal, it could not be applied). */
export type SignupCoupon = { success: boolean; message: string; error?: boolean };

/** The toast a sign-up's coupon outcome shows, in the spec's words. */
export function couponToast(coupon: SignupCoupon): { tone: 'success' | 'error'; title: string; description: string } {
  if (coupon.success) return { tone: 'success', title: MSG.couponRedeemed, description: coupon.message };
  if (coupon.error) return { tone: 'error', title: MSG.couponError, description: MSG.couponErrorBody };
  return { tone: 'error', title: MSG.couponInvalid, description: coupon.message || MSG.couponInvalidDefault };
}
