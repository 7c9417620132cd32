/**
 * Fixed-window request limits, per client IP (sign-up, coupons) or per signed-in user. They
 * hold across function instances: the counters live in Firestore (functions/src/platform/http/rate-limit.ts).
 */
export type RateLimit = { max: number; windowSeconds: number };

export const DEFAULT_RATE_LIMITS = {
  /** Accounts created from one IP (an IPv6 client: from its /64). */
  signup: { max: 10, windowSeconds: 3600 },
  /**
   * Accounts created from anywhere: the budget above the per-IP limit, so a flood from many
   * addresses is refused too (set it above the busiest real hour through RATE_LIMITS).
   */
  signup_global: { max: 1000, windowSeconds: 3600 },
  /** Coupon attempts from one IP (failed guesses count too). */
  coupon: { max: 20, windowSeconds: 3600 },
  /** Vote pushes by one user (one push may carry several votes). */
  vote_push: { max: 60, windowSeconds: 60 },
  /** Vote-session opens by one user. */
  session_open: { max: 30, windowSeconds: 60 },
  /** Track and payment-proof uploads by one user. */
  upload: { max: 20, windowSeconds: 3600 },
  /** Orders (token purchases and Cash App orders) by one user. */
  order_create: { max: 30, windowSeconds: 600 },
  /** Token-pack checkouts one user starts (each is a Stripe Checkout Session). */
  checkout_create: { max: 20, windowSeconds: 3600 },
  /** Unsubscribe-link requests from one IP. */
  mail_link: { max: 30, windowSeconds: 3600 },
  /** Mails one user asks for (a new verification mail, an admin's test mail). */
  mail_send: { max: 10, windowSeconds: 3600 },
  /**
   * New verification mails one account asks for in a day: the address may not be its owner's
   * (anyone can sign up with any address), and account mail has no unsubscribe link.
   */
  verification_mail: { max: 5, windowSeconds: 86_400 },
  /** Password-reset mails asked for from one IP (anyone may ask, for any address). */
  password_reset: { max: 10, windowSeconds: 3600 },
  /** Password-reset mails to one mailbox in a day (its +tag and Gmail dot variants together; account mail has no unsubscribe link). */
  password_reset_mail: { max: 3, windowSeconds: 86_400 },
} as const satisfies Record<string, RateLimit>;

export type RateLimitName = keyof typeof DEFAULT_RATE_LIMITS;
export type RateLimits = Record<RateLimitName, RateLimit>;

export const rateLimitedMessage = (seconds: number): string =>
  `Too many requests. Please try again in ${seconds < 120 ? `${seconds} seconds` : seconds < 7200 ? `${Math.ceil(seconds / 60)} minutes` : `${Math.ceil(seconds / 3600)} hours`}.`;
