import type { ClaimResult, MigrationAdminStatus, MyMigration, SettledClaim, UnresolvedClaims } from '../migration/migration';
import { MIGRATION_MSG } from '../migration/migration-messages';
import { claimIdParams, migrationRunInput, migrationSettingsInput, settleClaimInput } from '../migration/migration-schemas';
import { z } from 'zod';
import { endpoint, json, jsonBody, noFields, typed } from './contract';

const superOnly = { access: 'super', denied: MIGRATION_MSG.onlySuperAdmins } as const;

/** The token migration (functions/src/migration/router.ts): the super admins' side and the caller's own. */
export const migration = {
  status: endpoint({ method: 'GET', path: '/api/cms/migration', ...superOnly, summary: "The migration's state, counts and settings", response: typed<MigrationAdminStatus>('MigrationAdminStatus') }),
  run: endpoint({
    method: 'POST',
    path: '/api/cms/migration/run',
    ...superOnly,
    summary: 'Runs the migration (409 below the user threshold unless force)',
    body: jsonBody(migrationRunInput, true),
    response: typed<MigrationAdminStatus>('MigrationAdminStatus'),
  }),
  settings: endpoint({
    method: 'POST',
    path: '/api/cms/migration/settings',
    ...superOnly,
    summary: "The migration's lock period",
    body: jsonBody(migrationSettingsInput),
    response: json(z.object({ lock_days: z.number() })),
  }),
  claims: endpoint({ method: 'GET', path: '/api/cms/migration/claims', ...superOnly, summary: 'Claims whose transfer is unresolved', response: typed<UnresolvedClaims>('UnresolvedClaims') }),
  settle: endpoint({
    method: 'POST',
    path: '/api/cms/migration/claims/:id/settle',
    ...superOnly,
    summary: 'Settles an unresolved claim: sent (with its transaction) or not sent (released)',
    params: claimIdParams,
    body: jsonBody(settleClaimInput),
    response: typed<SettledClaim>('SettledClaim'),
  }),
  mine: endpoint({ method: 'GET', path: '/api/migration/me', access: 'user', summary: "The caller's migration entry", response: typed<{ data: MyMigration | null }>('MyMigrationEntry') }),
  claim: endpoint({
    method: 'POST',
    path: '/api/migration/claim',
    access: 'user',
    summary: "Retries the caller's pending claim",
    body: jsonBody(noFields, true),
    response: typed<{ claim: ClaimResult }>('ClaimOutcome'),
  }),
} as const;
