import { Router } from 'express';
import type { Deps } from '../platform/deps';
import { createOrder } from './create-order';
import { downloadCertificate, downloadLicensedTrack, getOrder, viewProof } from './licence';
import { approveOrder, rejectOrder, uploadProof } from './order-actions';

/** /api/orders: buying licences (tokens or Cash App), the cash order's steps, and licence downloads. */
export function ordersRouter(deps: Deps): Router {
  const router = Router();
  router.post('/', createOrder(deps));
  router.get('/:id', getOrder(deps));
  router.post('/:id/proof', uploadProof(deps));
  router.post('/:id/approve', approveOrder(deps));
  router.post('/:id/reject', rejectOrder(deps));
  router.get('/:id/proof', viewProof(deps));
  router.get('/:id/download', downloadLicensedTrack(deps));
  router.get('/:id/certificate', downloadCertificate(deps));
  return router;
}
