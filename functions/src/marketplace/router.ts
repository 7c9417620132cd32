import { Router } from 'express';
import type { Deps } from '../platform/deps';
import {
  createListing,
  deleteListing,
  editListing,
  eligibleTracks,
  listAllListings,
  listListings,
  previewListing,
  setListingActive,
} from './listing-routes';

/** /api/marketplace: public listings; admin listing management and the CMS track picker. */
export function marketplaceRouter(deps: Deps): Router {
  const router = Router();
  router.get('/listings', listListings(deps));
  router.get('/listings/all', listAllListings(deps));
  router.get('/eligible-tracks', eligibleTracks(deps));
  router.get('/listings/:id/preview', previewListing(deps));
  router.post('/listings', createListing(deps));
  router.post('/listings/:id/active', setListingActive(deps));
  router.post('/listings/:id/delete', deleteListing(deps));
  router.post('/listings/:id', editListing(deps));
  return router;
}
