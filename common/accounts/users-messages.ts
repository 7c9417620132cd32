import type { Role } from '../constants';

/** Users & Roles texts (spec's error catalogue, verbatim where it has one) and the API's shapes. */
export const USERS_MSG = {
  loadFailed: 'Failed to load users',
  updateRoleFailed: 'Failed to update role',
  adjustFailed: 'Failed to adjust tokens',
  /** A custom amount that is not a whole number, is 0, or is beyond ADMIN_TOKEN_ADJUST_MAX either way. */
  adjustAmount: 'Enter a whole number of tokens up to 1,000,000, negative to deduct',
  cannotRemoveOwnSuperAdmin: 'You cannot remove your own super admin role',
  ownSuperAdminHint: 'You cannot remove your own super admin role; another super admin can.',
  userNotFound: 'User not found',
  badCursor: 'Invalid cursor',
  roleGranted: (role: string) => `Granted ${role}`,
  roleRevoked: (role: string) => `Removed ${role}`,
  /** The question before a role change: what the role lets someone do, and that a grant mails them. */
  confirmRole: (action: 'grant' | 'revoke', role: 'admin' | 'super_admin', username: string) =>
    action === 'grant'
      ? `Grant ${ROLE_LABELS[role]} to @${username}? ${ROLE_POWERS[role]} They will get an email about it.`
      : `Remove ${ROLE_LABELS[role]} from @${username}? They will no longer be able to use what it allows.`,
  adjusted: (delta: number, balance: number) => `${delta > 0 ? 'Added' : 'Deducted'} ${Math.abs(delta)} tokens; balance ${balance}`,
  reasonRequired: 'Give a reason for the adjustment',
  loadLedgerFailed: 'Failed to load the ledger',
  loadAuditFailed: 'Failed to load the audit log',
  auditSuperOnly: 'Only super admins can read the audit log',
} as const;

/** One row of GET /api/cms/users. */
export type CmsUser = {
  id: string;
  username: string;
  full_name: string | null;
  avatar_url: string | null;
  email: string | null;
  roles: Role[];
  balance: number;
  created_at: string | null;
  migration_status: string;
};

/** A page of a cursored list; `next` is opaque, null on the last page. */
export type CmsPage<T> = { items: T[]; next: string | null };

/** One entry of a user's token ledger (GET /api/cms/users/:id/ledger). */
export type CmsLedgerEntry = {
  id: string;
  delta: number;
  reason: string;
  /** The admin's note on an adjustment. */
  note: string | null;
  /** More about the entry: a coupon code, a referee, the adjusting admin's uid. */
  ref: string | null;
  balance_after: number | null;
  created_at: string;
};

/** Who an audit entry is about or by, as the viewer shows them. */
export type AuditPerson = { id: string; username: string | null; email: string | null };

/** One entry of GET /api/cms/audit. */
export type CmsAuditEntry = {
  id: string;
  action: string;
  actor: AuditPerson;
  target: AuditPerson | null;
  before: unknown;
  after: unknown;
  reason: string | null;
  created_at: string;
};

/** The spec's migration status badges (section 4). */
export const MIGRATION_STATUS_LABELS: Record<string, string> = { pre_migration: 'Pre-Migration', migrating: 'Migrating', migrated: 'Migrated' };

/** How the CMS names a role. */
export const ROLE_LABELS: Record<string, string> = { user: 'user', admin: 'admin', super_admin: 'super admin' };
/** What each role lets someone do, in a sentence (the confirmation before granting it). */
const ROLE_POWERS = {
  admin: 'An admin moderates tracks and manages listings, the radio queue and email.',
  super_admin: 'A super admin can also change roles, adjust tokens and change every setting.',
} as const;
