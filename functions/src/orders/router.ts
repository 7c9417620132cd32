import { Router } from 'express';
import { orders } from '../../../common/api/orders';
import type { Deps } from '../platform/deps';
import { mounter } from '../platform/http/mount';
import { createOrder } from './create-order';
import { downloadCertificate, downloadLicensedTrack, getOrder, viewProof } from './licence';
import { approveOrder, rejectOrder, uploadProof } from './order-actions';

/** /api/orders: buying licences (tokens or Cash App), the cash order's steps, and licence downloads. */
export function ordersRouter(deps: Deps): Router {
  const router = Router();
  const on = mounter(deps, router, '/api/orders');
  on(orders.create, createOrder(deps));
  on(orders.get, getOrder(deps));
  on(orders.uploadProof, uploadProof(deps));
  on(orders.approve, approveOrder(deps));
  on(orders.reject, rejectOrder(deps));
  on(orders.proof, viewProof(deps));
  on(orders.download, downloadLicensedTrack(deps));
  on(orders.certificate, downloadCertificate(deps));
  return router;
}
