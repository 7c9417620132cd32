/** Pricing texts from the spec's error catalogue, verbatim (sign-in prompt: MSG.signInToPurchase). */
export const PRICING_MSG = {
  noCheckoutUrl: 'No checkout URL received',
  paymentFailed: 'Failed to initiate payment',
  paymentFailedBody: 'Please try again or contact support',
  paymentSuccessful: 'Payment successful!',
  /** Not in the spec: /pricing/success until the payment is credited, or when it is not. */
  confirmingPayment: 'Confirming your payment',
  checkoutNotFound: 'Checkout not found',
  paymentUnconfirmed: 'Payment not confirmed',
  paymentUnconfirmedBody: 'This checkout has not been paid. If you completed it, your tokens are added as soon as the payment is confirmed; a checkout you left charges nothing.',
  /** Not in the spec: the pricing page after a checkout was left with Cancel. */
  checkoutCancelled: 'Checkout cancelled. Nothing was charged.',
} as const;

/** Where a cancelled checkout (Stripe's cancel_url, the local page's Cancel) returns: /pricing, which then says so. */
export const CHECKOUT_CANCELLED_PATH = '/pricing?checkout=cancelled';
