import { describe, expect, it } from 'vitest';
import { couponToast } from '@/lib/coupon-outcome';

describe('couponToast', () => {
  it('celebrates a redeemed coupon with the server’s message', () => {
    expect(couponToast({ success: true, message: '25 tokens added to your balance' })).toEqual({ tone: 'success', title: 'Coupon Redeemed!', description: '25 tokens added to your balance' });
  });

  it('calls a refused coupon invalid, with the returned message or the default', () => {
    expect(couponToast({ success: false, message: 'Coupon code is invalid' })).toEqual({ tone: 'error', title: 'Invalid Coupon', description: 'Coupon code is invalid' });
    expect(couponToast({ success: false, message: '' })).toEqual({ tone: 'error', title: 'Invalid Coupon', description: 'Coupon code is invalid' });
  });

  it('says "Coupon Error / Failed to apply coupon code" when the coupon could not be applied', () => {
    expect(couponToast({ success: false, error: true, message: 'Failed to apply coupon code' })).toEqual({ tone: 'error', title: 'Coupon Error', description: 'Failed to apply coupon code' });
  });
});
