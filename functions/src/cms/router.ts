import { Router } from 'express';
import { cms } from '../../../common/api/cms';
import { requireAdmin } from '../platform/http/auth';
import type { Deps } from '../platform/deps';
import { mounter } from '../platform/http/mount';
import { mailCmsRouter } from '../mail/cms-routes';
import { radioCmsRouter } from '../radio/cms-routes';
import { auditLog } from './audit-log';
import { deleteTrack } from './delete-track';
import { editTrack } from './edit-track';
import { exportCsv } from './export-csv';
import { getSettings } from './get-settings';
import { listTracks } from './list-tracks';
import { listUsers } from './list-users';
import { approveTrack, rejectTrack } from './moderate';
import { overview } from './overview';
import { saveSettings, superAdminForGrantsAndMigration } from './save-settings';
import { userLedger } from './user-ledger';
import { listPlaceholders, migratePlaceholderTracks, uploadPlaceholder } from './placeholders';

/** Admin endpoints under /api/cms (stats, track moderation and editing, the radio queue, users, the audit log); every one needs admin. */
export function cmsRouter(deps: Deps): Router {
  const router = Router();
  // Every request under /cms, a path of no endpoint too, is an admin's (401/403 before a 404).
  router.use(requireAdmin(deps));
  const on = mounter(deps, router, '/api/cms', 'admin');
  on(cms.overview, overview(deps));
  on(cms.getSettings, getSettings(deps));
  on.guarded(cms.saveSettings, superAdminForGrantsAndMigration(deps), saveSettings(deps));
  on(cms.listTracks, listTracks(deps));
  on(cms.exportCsv, exportCsv(deps));
  on(cms.approve, approveTrack(deps));
  on(cms.reject, rejectTrack(deps));
  on(cms.deleteTrack, deleteTrack(deps));
  on(cms.editTrack, editTrack(deps));
  on(cms.placeholders, listPlaceholders(deps));
  on(cms.migratePlaceholders, migratePlaceholderTracks(deps));
  on(cms.uploadPlaceholder, uploadPlaceholder(deps));
  router.use('/radio', radioCmsRouter(deps));
  router.use('/email', mailCmsRouter(deps));
  on(cms.users, listUsers(deps));
  on(cms.ledger, userLedger(deps));
  on(cms.audit, auditLog(deps));
  return router;
}
