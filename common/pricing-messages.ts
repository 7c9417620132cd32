/** Pricing texts from the spec's error catalogue, verbatim (sign-in prompt: MSG.signInToPurchase). */
export const PRICING_MSG = {
  noCheckoutUrl: 'No checkout URL received',
  paymentFailed: 'Failed to initiate payment',
  paymentFailedBody: 'Please try again or contact support',
  paymentSuccessful: 'Payment successful!',
} as const;
