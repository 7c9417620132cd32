import { Router } from 'express';
import { radio } from '../../../common/api/radio';
import type { Deps } from '../platform/deps';
import { mounter } from '../platform/http/mount';
import { downloadLink } from './download-link';
import { approveRadio, markUploaded, rejectRadio, scheduleRadio } from './moderate-radio';
import { quickSend } from './quick-send';
import { stationUpload } from './station-upload';

/** The Radio Queue panel's endpoints (declared in common/api/radio.ts), mounted at /api/cms/radio behind the CMS router's requireAdmin. */
export function radioCmsRouter(deps: Deps): Router {
  const router = Router();
  const on = mounter(deps, router, '/api/cms/radio', 'admin');
  on(radio.station, (_req, res) => {
    res.json({ upload: deps.station !== null });
  });
  on(radio.quickSend, quickSend(deps));
  on(radio.approve, approveRadio(deps));
  on(radio.reject, rejectRadio(deps));
  on(radio.downloadLink, downloadLink(deps));
  on(radio.markUploaded, markUploaded(deps));
  on(radio.upload, stationUpload(deps));
  on(radio.schedule, scheduleRadio(deps));
  return router;
}
