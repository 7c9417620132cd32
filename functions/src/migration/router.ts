import { Router } from 'express';
import { MIGRATION_MSG } from '../../../common/migration-messages';
import { requireSuperAdmin } from '../platform/auth';
import type { Deps } from '../platform/deps';
import { retryClaim } from './claim-route';
import { migrationAdminStatus, myMigration } from './migration-reads';
import { runMigration } from './run-migration';
import { saveMigrationSettings } from './save-settings';
import { listUnresolvedClaims, settleClaim } from './settle-claim';

/** The token migration: the super admins' run, settings and unresolved claims (/api/cms/migration/*), and the caller's own entry and claim. */
export function migrationRouter(deps: Deps): Router {
  const router = Router();
  const superAdmin = requireSuperAdmin(deps, MIGRATION_MSG.onlySuperAdmins);
  router.get('/cms/migration', superAdmin, migrationAdminStatus(deps));
  router.post('/cms/migration/run', superAdmin, runMigration(deps));
  router.post('/cms/migration/settings', superAdmin, saveMigrationSettings(deps));
  router.get('/cms/migration/claims', superAdmin, listUnresolvedClaims(deps));
  router.post('/cms/migration/claims/:id/settle', superAdmin, settleClaim(deps));
  router.get('/migration/me', myMigration(deps));
  router.post('/migration/claim', retryClaim(deps));
  return router;
}
