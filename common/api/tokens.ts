import { z } from 'zod';
import { MSG } from '../messages';
import { adjustTokensInput } from '../schemas';
import { endpoint, ignoredBody, json, jsonBody } from './contract';

/** A body's `token_cost`: the price in tokens the caller was shown (optional). */
export const shownTokenCost = z.number().int().min(0).max(1_000_000_000).optional();
/** POST /api/coupons/redeem: any code up to 64 characters (one no coupon can have is refused like an unknown one). */
export const redeemInput = z.strictObject({ code: z.string().max(64) });

/** Tokens outside of purchases (functions/src/tokens/router.ts). */
export const tokens = {
  claimDaily: endpoint({
    method: 'POST',
    path: '/api/tokens/claim-daily',
    access: 'user',
    summary: "The caller's daily token, once a UTC day",
    body: ignoredBody,
    response: json(z.object({ granted: z.boolean(), tokens: z.number(), balance: z.number(), last_grant_date: z.string() })),
  }),
  redeemCoupon: endpoint({
    method: 'POST',
    path: '/api/coupons/redeem',
    access: 'user',
    summary: 'Redeems a coupon code, once per account',
    body: jsonBody(redeemInput),
    response: json(z.object({ success: z.boolean(), message: z.string(), balance: z.number().optional() }).loose()),
  }),
  adjust: endpoint({
    method: 'POST',
    path: '/api/admin/tokens/adjust',
    access: 'super',
    denied: MSG.onlySuperAdminsTokens,
    summary: "Adds to or takes from a user's balance, with a reason in the ledger",
    body: jsonBody(adjustTokensInput),
    response: json(z.object({ user_id: z.string(), balance: z.number() })),
  }),
} as const;
