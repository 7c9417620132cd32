import { Router } from 'express';
import { migration } from '../../../common/api/migration';
import type { Deps } from '../platform/deps';
import { mounter } from '../platform/http/mount';
import { retryClaim } from './claim-route';
import { migrationAdminStatus, myMigration } from './migration-reads';
import { runMigration } from './run-migration';
import { saveMigrationSettings } from './save-settings';
import { listUnresolvedClaims, settleClaim } from './settle-claim';

/** The token migration: the super admins' run, settings and unresolved claims (/api/cms/migration/*), and the caller's own entry and claim. */
export function migrationRouter(deps: Deps): Router {
  const router = Router();
  const on = mounter(deps, router, '/api');
  on(migration.status, migrationAdminStatus(deps));
  on(migration.run, runMigration(deps));
  on(migration.settings, saveMigrationSettings(deps));
  on(migration.claims, listUnresolvedClaims(deps));
  on(migration.settle, settleClaim(deps));
  on(migration.mine, myMigration(deps));
  on(migration.claim, retryClaim(deps));
  return router;
}
