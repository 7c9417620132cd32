import { Router } from 'express';
import type { Deps } from '../platform/deps';
import { downloadLink } from './download-link';
import { approveRadio, markUploaded, rejectRadio, scheduleRadio } from './moderate-radio';
import { quickSend } from './quick-send';
import { stationUpload } from './station-upload';

/** The Radio Queue panel's endpoints, mounted at /api/cms/radio behind the CMS router's requireAdmin (docs/api.md). */
export function radioCmsRouter(deps: Deps): Router {
  const router = Router();
  router.get('/station', (_req, res) => {
    res.json({ upload: deps.station !== null });
  });
  router.post('/send', quickSend(deps));
  router.post('/:id/approve', approveRadio(deps));
  router.post('/:id/reject', rejectRadio(deps));
  router.post('/:id/download-link', downloadLink(deps));
  router.post('/:id/mark-uploaded', markUploaded(deps));
  router.post('/:id/upload', stationUpload(deps));
  router.post('/:id/schedule', scheduleRadio(deps));
  return router;
}
