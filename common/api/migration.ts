import {
  MIGRATION_RUN_STATES,
  type ClaimResult,
  type MigrationAdminStatus,
  type MyMigration,
  type SettledClaim,
  type UnresolvedClaim,
  type UnresolvedClaims,
} from '../migration/migration';
import { MIGRATION_MSG } from '../migration/migration-messages';
import { claimIdParams, migrationRunInput, migrationSettingsInput, settleClaimInput } from '../migration/migration-schemas';
import { z } from 'zod';
import { endpoint, json, jsonBody, noFields } from './contract';

/**
 * Answers of the migration endpoints: each schema is checked against the TypeScript type the
 * client reads (common/migration/migration.ts, which stays free of zod).
 */
const count = z.int().min(0);
const migrationAdminStatus: z.ZodType<MigrationAdminStatus> = z
  .strictObject({
    user_count: count,
    user_threshold: z.int().min(1),
    threshold_reached: z.boolean(),
    migration_enabled: z.boolean(),
    lock_days: z.int().min(0),
    /** Users per status right now. */
    migrated: count,
    migrating: count,
    pending: count,
    /** The latest run, null before the first. */
    run: z
      .strictObject({ id: z.string(), state: z.enum(MIGRATION_RUN_STATES), forced: z.boolean(), started_at: z.string(), finished_at: z.string().nullable() })
      .nullable(),
    /** The chain adapter's name, null without one. */
    chain: z.string().nullable(),
  })
  .meta({ title: 'MigrationAdminStatus' });

const unresolvedClaim: z.ZodType<UnresolvedClaim> = z
  .strictObject({
    id: z.string(),
    user_id: z.string(),
    username: z.string().nullable(),
    email: z.string().nullable(),
    wallet_address: z.string().nullable(),
    snapshot_balance: z.number(),
    attempted_at: z.string(),
    transfer_error: z.string().nullable(),
  })
  .meta({ title: 'UnresolvedClaim' });
const unresolvedClaims: z.ZodType<UnresolvedClaims> = z.strictObject({ items: z.array(unresolvedClaim), truncated: z.boolean() }).meta({ title: 'UnresolvedClaims' });
const settledClaim: z.ZodType<SettledClaim> = z.strictObject({ id: z.string(), claim: z.enum(['sent', 'released']) }).meta({ title: 'SettledClaim' });

const myMigration: z.ZodType<MyMigration> = z
  .strictObject({
    migrated_at: z.string().nullable(),
    snapshot_balance: z.number(),
    locked_until: z.string().nullable(),
    solana_tx_hash: z.string().nullable(),
    wallet_address: z.string().nullable(),
    claim_pending: z.boolean(),
    claim_unresolved: z.boolean(),
  })
  .nullable()
  .meta({ title: 'MyMigration' });
const myMigrationEntry = z.strictObject({ data: myMigration }).meta({ title: 'MyMigrationEntry' });
/** A ClaimResult: 200 answers only `none` (nothing pending) and `sent`; the other outcomes are errors (409, 503, claimProblem). */
const claimOutcome = z.strictObject({ claim: z.enum(['none', 'sent']) satisfies z.ZodType<ClaimResult> }).meta({ title: 'ClaimOutcome' });

const superOnly = { access: 'super', denied: MIGRATION_MSG.onlySuperAdmins } as const;

/** The token migration (functions/src/migration/router.ts): the super admins' side and the caller's own. */
export const migration = {
  status: endpoint({ method: 'GET', path: '/api/cms/migration', ...superOnly, summary: "The migration's state, counts and settings", response: json(migrationAdminStatus) }),
  run: endpoint({
    method: 'POST',
    path: '/api/cms/migration/run',
    ...superOnly,
    summary: 'Runs the migration (409 below the user threshold unless force)',
    body: jsonBody(migrationRunInput, true),
    response: json(migrationAdminStatus),
  }),
  settings: endpoint({
    method: 'POST',
    path: '/api/cms/migration/settings',
    ...superOnly,
    summary: "The migration's lock period",
    body: jsonBody(migrationSettingsInput),
    response: json(z.object({ lock_days: z.number() })),
  }),
  claims: endpoint({ method: 'GET', path: '/api/cms/migration/claims', ...superOnly, summary: 'Claims whose transfer is unresolved', response: json(unresolvedClaims) }),
  settle: endpoint({
    method: 'POST',
    path: '/api/cms/migration/claims/:id/settle',
    ...superOnly,
    summary: 'Settles an unresolved claim: sent (with its transaction) or not sent (released)',
    params: claimIdParams,
    body: jsonBody(settleClaimInput),
    response: json(settledClaim),
  }),
  mine: endpoint({ method: 'GET', path: '/api/migration/me', access: 'user', summary: "The caller's migration entry", response: json(myMigrationEntry) }),
  claim: endpoint({
    method: 'POST',
    path: '/api/migration/claim',
    access: 'user',
    summary: "Retries the caller's pending claim",
    body: jsonBody(noFields, true),
    response: json(claimOutcome),
  }),
} as const;
