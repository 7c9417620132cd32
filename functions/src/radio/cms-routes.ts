import { Router } from 'express';
import type { Deps } from '../platform/deps';
import { downloadLink } from './download-link';
import { markUploaded, moderateRadio, scheduleRadio } from './moderate-radio';
import { quickSend } from './quick-send';
import { stationUpload } from './station-upload';

/** The Radio Queue panel's endpoints, mounted at /api/cms/radio behind the CMS router's requireAdmin (docs/api.md). */
export function radioCmsRouter(deps: Deps): Router {
  const router = Router();
  router.get('/station', (_req, res) => {
    res.json({ upload: deps.station !== null });
  });
  router.post('/send', quickSend(deps));
  router.post('/:id/approve', moderateRadio(deps, 'approved'));
  router.post('/:id/reject', moderateRadio(deps, 'rejected'));
  router.post('/:id/download-link', downloadLink(deps));
  router.post('/:id/mark-uploaded', markUploaded(deps));
  router.post('/:id/upload', stationUpload(deps));
  router.post('/:id/schedule', scheduleRadio(deps));
  return router;
}
