import { z } from 'zod';
import { ADJUST_NOTE_MAX, ADMIN_TOKEN_ADJUST_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from './constants';
import { PASSWORD_TOO_SHORT } from './messages';
import { isDocId } from './doc-id';
import { ORDER_METHODS } from './marketplace/orders';
import { normalizeCoupon, normalizeUsername } from './accounts/username';

/** Request bodies of the API, shared by the client forms and the server's validation. */

export { isDocId };
export const docId = z.string().max(700).refine(isDocId, 'Invalid id');

const username = z
  .string()
  .max(200)
  .transform(normalizeUsername)
  .refine((u) => u.length > 0, 'Username is required')
  .refine((u) => u.length >= USERNAME_MIN && u.length <= USERNAME_MAX, `Username must be ${USERNAME_MIN} to ${USERNAME_MAX} characters`)
  .refine(isDocId, 'Username is not allowed');

const optionalCode = z
  .string()
  .max(64)
  .transform(normalizeCoupon)
  .optional()
  .transform((c) => (c ? c : undefined));

/** A referral code: a username, or nothing when it could not name anyone. */
const optionalUsername = z
  .string()
  .max(200)
  .transform(normalizeUsername)
  .optional()
  .transform((u) => (u && isDocId(u) ? u : undefined));

export const signupInput = z.strictObject({
  username,
  email: z.email().max(254),
  password: z.string().min(PASSWORD_MIN, PASSWORD_TOO_SHORT).max(128).refine((p) => p.trim() !== '', 'Password must not be only spaces'),
  referral_code: optionalUsername,
  coupon: optionalCode,
});
export type SignupInput = z.input<typeof signupInput>;

/** POST /api/accounts/password-reset: the address of the account whose password is forgotten. */
export const passwordResetInput = z.strictObject({ email: z.email().max(254) });

export const ensureProfileInput = z.strictObject({
  referral_code: optionalUsername,
});

export const couponCode = z.string().max(64).transform(normalizeCoupon).pipe(docId);
export const couponInput = z.strictObject({ code: couponCode });

/** What a wallet address that is not a Solana address gets. */
export const WALLET_FORMAT_MESSAGE = 'Enter a Solana wallet address: 32 to 44 letters and digits, without 0, O, I or l';
/** What an address of that form gets when it does not decode to a 32-byte key (the API checks it: functions/src/accounts/save-wallet.ts). */
export const WALLET_KEY_MESSAGE = 'This is not a Solana address: check it for a missing or mistyped character';

export const walletInput = z.strictObject({
  wallet_address: z
    .string()
    .trim()
    .min(1, 'Wallet address is required')
    .max(128)
    .regex(/^[A-Za-z0-9]+$/, 'Wallet address may contain only letters and digits')
    // A Solana address (base58: no 0, O, I or l). It locks once saved: a typo must not lock a wallet the chain refuses.
    .regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, WALLET_FORMAT_MESSAGE),
});

export const adjustTokensInput = z.strictObject({
  user_id: docId,
  delta: z.number().int().refine((d) => d !== 0, 'Must not be 0').refine((d) => Math.abs(d) <= ADMIN_TOKEN_ADJUST_MAX, 'Must be at most 1,000,000 tokens either way'),
  note: z
    .string()
    .trim()
    .max(ADJUST_NOTE_MAX, `note must be at most ${ADJUST_NOTE_MAX} characters`)
    .optional()
    .transform((n) => (n ? n : undefined)),
});
export type AdjustTokensInput = z.input<typeof adjustTokensInput>;

export const roleChangeInput = z.strictObject({
  user_id: docId,
  role: z.enum(['admin', 'super_admin']),
  action: z.enum(['grant', 'revoke']),
});

/** POST /api/orders: buy a listing's licence with tokens, or order it for Cash App. */
/**
 * `price`: what the buyer was shown (tokens for TOKENS, dollars for CASH_APP). Optional; when
 * given and the listing's price is no longer that, the order is refused (409) instead of
 * charging a price the buyer never saw.
 */
export const createOrderInput = z.strictObject({ listing_id: docId, method: z.enum(ORDER_METHODS), price: z.number().nonnegative().max(1e9).optional() });
export type CreateOrderInput = z.input<typeof createOrderInput>;
