import { z } from 'zod';
import { ROLES } from '../constants';
import { MSG } from '../messages';
import type { ClaimResult, PublicMigration } from '../migration/migration';
import { CASH_TAG_PATTERN, ORDER_MSG } from '../marketplace/orders';
import { ensureProfileInput, passwordResetInput, roleChangeInput, signupInput, walletInput } from '../schemas';
import { endpoint, json, jsonBody, noFields } from './contract';
import { tokenPricing } from './pricing';

/** GET /api/accounts/username/:username */
export const usernameParams = z.object({ username: z.string().max(200) });
/** POST /api/accounts/cash-app-tag */
export const cashTagInput = z.strictObject({ cash_app_tag: z.string().trim().regex(CASH_TAG_PATTERN, ORDER_MSG.cashTagInvalid) });
/** A body that is absent or {}. */
export const noBody = z.union([z.undefined(), noFields]);

const queued = json(z.object({ queued: z.literal(true) }), 202);

// The answers' schemas, checked against the types the client reads (common/migration and common/cms/settings have no zod: screens import them).
const roles = z.array(z.enum(ROLES));
const claimResult: z.ZodType<ClaimResult> = z.enum(['none', 'sent', 'failed', 'busy', 'unresolved', 'invalid_wallet']);
const publicMigration: z.ZodType<PublicMigration> = z
  .strictObject({ user_count: z.number(), user_threshold: z.number(), users_needed: z.number(), migration_enabled: z.boolean() })
  .meta({ title: 'PublicMigration' });

const couponOutcome = z.object({ success: z.boolean(), message: z.string(), error: z.literal(true).optional() });

/** Accounts and profiles (functions/src/accounts/router.ts). */
export const accounts = {
  signup: endpoint({
    method: 'POST',
    path: '/api/accounts/signup',
    access: 'public',
    summary: 'Creates an account (email and password), claims the username and queues the verification mail',
    body: jsonBody(signupInput),
    response: json(z.object({ uid: z.string(), username: z.string(), balance: z.number(), coupon: couponOutcome.optional() }), 201),
  }),
  ensureProfile: endpoint({
    method: 'POST',
    path: '/api/accounts/ensure-profile',
    access: 'user',
    summary: "Creates the caller's profile if it has none (a Google sign-in); 201 when created, 200 when it existed",
    body: jsonBody(ensureProfileInput, true),
    response: json(z.object({ created: z.boolean() }).loose(), 201),
  }),
  emailVerified: endpoint({
    method: 'POST',
    path: '/api/accounts/email-verified',
    access: 'user',
    summary: 'Records that the caller followed the verification link (and pays their referrer)',
    body: jsonBody(noBody),
    response: json(z.object({ verified: z.literal(true), referral: z.unknown() })),
  }),
  verificationEmail: endpoint({
    method: 'POST',
    path: '/api/accounts/verification-email',
    access: 'user',
    summary: 'Queues a new verification mail',
    body: jsonBody(noBody),
    response: queued,
  }),
  passwordReset: endpoint({
    method: 'POST',
    path: '/api/accounts/password-reset',
    access: 'public',
    summary: 'Queues a password-reset mail; the answer is the same whether or not an account has the address',
    body: jsonBody(passwordResetInput),
    response: queued,
  }),
  usernameExists: endpoint({
    method: 'GET',
    path: '/api/accounts/username/:username',
    access: 'public',
    summary: 'Whether a (lower-cased) username exists',
    params: usernameParams,
    response: json(z.object({ exists: z.boolean(), username: z.string() })),
  }),
  wallet: endpoint({
    method: 'POST',
    path: '/api/accounts/wallet',
    access: 'user',
    summary: "Saves the caller's Solana wallet address once; then it is locked",
    body: jsonBody(walletInput),
    response: json(z.strictObject({ wallet_address: z.string(), claim: claimResult }).meta({ title: 'WalletSaved' })),
  }),
  cashAppTag: endpoint({
    method: 'POST',
    path: '/api/accounts/cash-app-tag',
    access: 'user',
    summary: 'Saves the $cashtag buyers pay when they choose Cash App',
    body: jsonBody(cashTagInput),
    response: json(z.object({ cash_app_tag: z.string() })),
  }),
  me: endpoint({
    method: 'GET',
    path: '/api/me',
    access: 'user',
    summary: "The caller's profile, roles, balance and last daily grant",
    response: json(
      z
        .strictObject({
          /** The stored profile's fields (but updatedAt and _deleted). */
          profile: z.looseObject({ referred_by: z.string().nullable() }),
          roles,
          balance: z.number(),
          last_grant_date: z.string().nullable(),
        })
        .meta({ title: 'Me' }),
    ),
  }),
  publicMigration: endpoint({
    method: 'GET',
    path: '/api/public/migration',
    access: 'public',
    summary: "The token migration's countdown",
    response: json(publicMigration),
  }),
  publicConfig: endpoint({
    method: 'GET',
    path: '/api/public/config',
    access: 'public',
    summary: 'The prices everyone may read, defaults filled in',
    response: json(z.strictObject({ data: z.strictObject({ pricing: tokenPricing }) }).meta({ title: 'PublicConfig' })),
  }),
  changeRole: endpoint({
    method: 'POST',
    path: '/api/admin/roles',
    access: 'super',
    denied: MSG.onlySuperAdminsRoles,
    summary: "Grants or revokes a user's admin role",
    body: jsonBody(roleChangeInput),
    response: json(z.strictObject({ user_id: z.string(), roles }).meta({ title: 'RoleChanged' })),
  }),
} as const;
