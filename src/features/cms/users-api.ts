import type { CmsAuditEntry, CmsLedgerEntry, CmsPage, CmsUser } from '@common/users-messages';
import { api } from '@/lib/api';

/** The Users & Roles calls: the user list, a user's ledger, the audit log, role changes and token adjustments. */

const withParams = (path: string, params: Record<string, string | null | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  const s = q.toString();
  return s ? `${path}?${s}` : path;
};

export const loadUsers = (search: string, cursor: string | null, signal?: AbortSignal) =>
  api<CmsPage<CmsUser>>(withParams('/cms/users', { q: search.trim(), cursor }), { signal });

export const loadLedger = (userId: string, cursor: string | null, signal?: AbortSignal) =>
  api<CmsPage<CmsLedgerEntry>>(withParams(`/cms/users/${encodeURIComponent(userId)}/ledger`, { cursor }), { signal });

export const loadAudit = (cursor: string | null, signal?: AbortSignal) => api<CmsPage<CmsAuditEntry>>(withParams('/cms/audit', { cursor }), { signal });

export type RoleChange = { user_id: string; role: 'admin' | 'super_admin'; action: 'grant' | 'revoke' };
export const changeRole = (body: RoleChange) => api<{ user_id: string; roles: CmsUser['roles'] }>('/admin/roles', { body });

/** POST /api/admin/tokens/adjust (common/schemas.ts adjustTokensInput); `note` is the reason. */
export const adjustTokens = (body: { user_id: string; delta: number; note?: string }) => api<{ user_id: string; balance: number }>('/admin/tokens/adjust', { body });
