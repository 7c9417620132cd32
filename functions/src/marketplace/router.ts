import { Router } from 'express';
import { marketplace } from '../../../common/api/marketplace';
import type { Deps } from '../platform/deps';
import { mounter } from '../platform/http/mount';
import {
  createListing,
  deleteListing,
  editListing,
  eligibleTracks,
  listAllListings,
  previewListing,
  setListingActive,
} from './listing-routes';
import { featureListing } from './feature-listing';
import { searchListings } from './search-listings';

/** /api/marketplace: public listings; admin listing management and the CMS track picker. */
export function marketplaceRouter(deps: Deps): Router {
  const router = Router();
  const on = mounter(deps, router, '/api/marketplace');
  on(marketplace.search, searchListings(deps));
  on(marketplace.preview, previewListing(deps));
  on(marketplace.feature, featureListing(deps));
  on(marketplace.all, listAllListings(deps));
  on(marketplace.eligibleTracks, eligibleTracks(deps));
  on(marketplace.create, createListing(deps));
  on(marketplace.setActive, setListingActive(deps));
  on(marketplace.delete, deleteListing(deps));
  on(marketplace.edit, editListing(deps));
  return router;
}
