/** The token migration: constants and the answers the client reads (no zod: the CSP forbids eval; request schemas in migration-schemas.ts). */

/** Default lock period of migrated tokens, in days (migration_config/1 lock_days). */
export const DEFAULT_LOCK_DAYS = 30;
export const MAX_LOCK_DAYS = 3650;

export const MIGRATION_RUN_STATES = ['idle', 'running', 'done'] as const;
export type MigrationRunState = (typeof MIGRATION_RUN_STATES)[number];

/** GET /api/cms/migration and each POST /api/cms/migration/run. */
export type MigrationAdminStatus = {
  user_count: number;
  user_threshold: number;
  threshold_reached: boolean;
  migration_enabled: boolean;
  lock_days: number;
  /** Users per status right now. */
  migrated: number;
  migrating: number;
  pending: number;
  run: { id: string; state: MigrationRunState; forced: boolean; started_at: string; finished_at: string | null } | null;
  chain: string | null;
};

/** The public countdown (GET /api/public/migration, and the leaderboards stream's `migration`). */
export type PublicMigration = { user_count: number; user_threshold: number; users_needed: number; migration_enabled: boolean };

/** GET /api/migration/me: the caller's latest migration_log entry, or null. */
export type MyMigration = {
  migrated_at: string | null;
  snapshot_balance: number;
  locked_until: string | null;
  solana_tx_hash: string | null;
  wallet_address: string | null;
  /** Snapshotted without a wallet: the tokens are sent once a wallet is saved. */
  claim_pending: boolean;
  /** A claim's transfer may have gone through without being recorded: it is not sent again without a check. */
  claim_unresolved: boolean;
} | null;

/**
 * What saving a wallet or `POST /api/migration/claim` did with a pending snapshot. `none`:
 * nothing pending; `sent`: sent; `failed`: no token moved (the chain or the database failed),
 * try again; `busy`: an attempt is under way; `unresolved`: an attempt may have sent it, so it
 * is never sent again without a check; `invalid_wallet`: the saved wallet cannot receive it.
 */
export type ClaimResult = 'none' | 'sent' | 'failed' | 'busy' | 'unresolved' | 'invalid_wallet';

/** A transaction hash as the chains write it: a Solana signature (base58) or the local chain's hex. */
export const TX_HASH_PATTERN = /^[0-9A-Za-z]{32,128}$/;

/** How many attempted claims GET /api/cms/migration/claims reads, oldest attempt first (`truncated` when there are more). */
export const UNRESOLVED_CLAIMS_LISTED = 100;

/** GET /api/cms/migration/claims: one snapshot whose transfer may have gone through, for a super admin to check on the chain. */
export type UnresolvedClaim = {
  /** The migration_log entry. */
  id: string;
  user_id: string;
  username: string | null;
  email: string | null;
  /** The wallet the attempt sent to (the user's saved, locked wallet). */
  wallet_address: string | null;
  snapshot_balance: number;
  attempted_at: string;
  /** What the chain adapter said, when it said anything. */
  transfer_error: string | null;
};

/** GET /api/cms/migration/claims; `truncated` when more exist than the oldest shown. */
export type UnresolvedClaims = { items: UnresolvedClaim[]; truncated: boolean };

/** POST /api/cms/migration/claims/:id/settle: `sent` recorded the hash; `released` lets the user send the tokens again. */
export type SettledClaim = { id: string; claim: 'sent' | 'released' };
