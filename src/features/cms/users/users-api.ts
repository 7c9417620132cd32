import * as endpoints from '@/lib/api/endpoints.gen';
import { call } from '@/lib/api/call';

/** The Users & Roles calls: the user list, a user's ledger, the audit log, role changes and token adjustments. */

export const loadUsers = (search: string, cursor: string | null, signal?: AbortSignal) => call(endpoints.cms.users, { query: { q: search.trim(), cursor }, signal });

export const loadLedger = (userId: string, cursor: string | null, signal?: AbortSignal) => call(endpoints.cms.ledger, { params: { id: userId }, query: { cursor }, signal });

export const loadAudit = (cursor: string | null, signal?: AbortSignal) => call(endpoints.cms.audit, { query: { cursor }, signal });

export type RoleChange = { user_id: string; role: 'admin' | 'super_admin'; action: 'grant' | 'revoke' };

export const changeRole = (body: RoleChange) => call(endpoints.accounts.changeRole, { body });

/** POST /api/admin/tokens/adjust (common/schemas.ts adjustTokensInput); `note` is the reason. */
export const adjustTokens = (body: { user_id: string; delta: number; note?: string }) => call(endpoints.tokens.adjust, { body });
