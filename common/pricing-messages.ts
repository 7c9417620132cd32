/** Pricing texts from the spec's error catalogue, verbatim (sign-in prompt: MSG.signInToPurchase). */
export const PRICING_MSG = {
  noCheckoutUrl: 'No checkout URL received',
  paymentFailed: 'Failed to initiate payment',
  paymentFailedBody: 'Please try again or contact support',
  paymentSuccessful: 'Payment successful!',
  /** Not in the spec: the pricing page after a checkout was left with Cancel. */
  checkoutCancelled: 'Checkout cancelled. Nothing was charged.',
} as const;

/** Where a cancelled checkout (Stripe's cancel_url, the local page's Cancel) returns: /pricing, which then says so. */
export const CHECKOUT_CANCELLED_PATH = '/pricing?checkout=cancelled';
