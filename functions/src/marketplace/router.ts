import { Router } from 'express';
import { requireAdmin } from '../platform/auth';
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
import { featureListing } from './feature-listing';

/** /api/marketplace: public listings; admin listing management and the CMS track picker. */
export function marketplaceRouter(deps: Deps): Router {
  const router = Router();
  router.get('/listings', listListings(deps));
  router.get('/listings/:id/preview', previewListing(deps));
  router.post('/listings/:id/feature', featureListing(deps));

  const admin = requireAdmin(deps);
  router.get('/listings/all', admin, listAllListings(deps));
  router.get('/eligible-tracks', admin, eligibleTracks(deps));
  router.post('/listings', admin, createListing(deps));
  router.post('/listings/:id/active', admin, setListingActive(deps));
  router.post('/listings/:id/delete', admin, deleteListing(deps));
  router.post('/listings/:id', admin, editListing(deps));
  return router;
}
