import * as z from 'zod/mini';
import { changeTime as updatedAt, docKey as id, publicFieldsOf } from '../rx-schema';

/**
 * A user's own replicated documents (id = their uid), as the API sends them. zod/mini: the
 * client builds these at load, and mini builds no eval-probing parsers (the CSP forbids eval).
 */

const nullableText = z.nullable(z.string());

const profileDoc = z.object({
  id,
  username: z.string(),
  full_name: nullableText,
  avatar_url: nullableText,
  email: nullableText,
  wallet_address: nullableText,
  migration_status: z.string(),
  free_voting_until: nullableText,
  created_at: nullableText,
  cash_app_tag: nullableText,
  updatedAt,
});
export type ProfileDoc = z.infer<typeof profileDoc>;
export const PROFILE_PUBLIC_FIELDS = publicFieldsOf(profileDoc.shape);

const userRolesDoc = z.object({ id, roles: z.array(z.string()), updatedAt });
export type UserRolesDoc = z.infer<typeof userRolesDoc>;
export const USER_ROLES_PUBLIC_FIELDS = publicFieldsOf(userRolesDoc.shape);

const balanceDoc = z.object({ id, balance: z.number(), updatedAt });
export type BalanceDoc = z.infer<typeof balanceDoc>;
export const BALANCE_PUBLIC_FIELDS = publicFieldsOf(balanceDoc.shape);

const dailyGrantDoc = z.object({ id, last_grant_date: nullableText, updatedAt });
export type DailyGrantDoc = z.infer<typeof dailyGrantDoc>;
export const DAILY_GRANT_PUBLIC_FIELDS = publicFieldsOf(dailyGrantDoc.shape);
