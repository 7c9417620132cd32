import { Router } from 'express';
import { USERS_MSG } from '../../../common/users-messages';
import { requireAdmin, requireSuperAdmin } from '../platform/auth';
import type { Deps } from '../platform/deps';
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
  router.use(requireAdmin(deps));
  router.get('/overview', overview(deps));
  router.get('/config', getSettings(deps));
  router.post('/config', superAdminForGrantsAndMigration(deps), saveSettings(deps));
  router.get('/tracks', listTracks(deps));
  router.get('/export/:file', exportCsv(deps));
  router.post('/tracks/:id/approve', approveTrack(deps));
  router.post('/tracks/:id/reject', rejectTrack(deps));
  router.post('/tracks/:id/delete', deleteTrack(deps));
  router.post('/tracks/:id', editTrack(deps));
  router.get('/placeholders', listPlaceholders(deps));
  router.post('/placeholders/migrate-tracks', migratePlaceholderTracks(deps));
  router.post('/placeholders/:filename', uploadPlaceholder(deps));
  router.use('/radio', radioCmsRouter(deps));
  router.use('/email', mailCmsRouter(deps));
  router.get('/users', listUsers(deps));
  router.get('/users/:id/ledger', userLedger(deps));
  router.get('/audit', requireSuperAdmin(deps, USERS_MSG.auditSuperOnly), auditLog(deps));
  return router;
}
