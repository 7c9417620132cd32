import { Router } from 'express';
import { requireAdmin } from '../platform/auth';
import type { Deps } from '../platform/deps';
import { radioCmsRouter } from '../radio/cms-routes';
import { deleteTrack } from './delete-track';
import { editTrack } from './edit-track';
import { listTracks } from './list-tracks';
import { approveTrack, rejectTrack } from './moderate';
import { overview } from './overview';
import { listPlaceholders, migratePlaceholderTracks, uploadPlaceholder } from './placeholders';

/** Admin endpoints under /api/cms (stats, track moderation and editing, the radio queue); every one needs admin. */
export function cmsRouter(deps: Deps): Router {
  const router = Router();
  router.use(requireAdmin(deps));
  router.get('/overview', overview(deps));
  router.get('/tracks', listTracks(deps));
  router.post('/tracks/:id/approve', approveTrack(deps));
  router.post('/tracks/:id/reject', rejectTrack(deps));
  router.post('/tracks/:id/delete', deleteTrack(deps));
  router.post('/tracks/:id', editTrack(deps));
  router.get('/placeholders', listPlaceholders(deps));
  router.post('/placeholders/migrate-tracks', migratePlaceholderTracks(deps));
  router.post('/placeholders/:filename', uploadPlaceholder(deps));
  router.use('/radio', radioCmsRouter(deps));
  return router;
}
