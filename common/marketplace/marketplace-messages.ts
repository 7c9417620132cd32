/** Marketplace texts shared by the API and the client (product spec, section 8). */
export const SELECT_TRACK_MESSAGE = 'Please select a track.';
/** The CMS Track select with nothing to offer (not a spec text). */
export const NO_ELIGIBLE_TRACKS = 'No track to list: a track shows here once it is approved for the marketplace and has no listing.';
export const LISTINGS_LOAD_FAILED = 'Failed to load marketplace listings.';
export const CREATE_LISTING_FAILED = 'Failed to create listing.';
export const UPDATE_LISTING_FAILED = 'Failed to update listing.';
export const UPDATE_LISTING_STATUS_FAILED = 'Failed to update listing status.';
/** A listing that accepts neither payment could not be bought. */
export const NO_PAYMENT_METHOD = 'A listing must accept tokens, Cash App or both';
/** Cash App needs the seller's $cashtag, where buyers send the money. */
export const NO_SELLER_CASH_TAG = 'The seller has not set a Cash App tag yet: Cash App can be accepted once they add one on My Orders';
/** A track has one live listing: edit it (or delete it) instead of listing the track again. */
export const ALREADY_LISTED = 'This track is already listed: edit its listing instead';
export const NO_LISTINGS = 'No listings yet';
/** The CMS's word after a listing's status toggle or delete (the spec gives none; create and edit have theirs). */
export const LISTING_ACTIVATED = 'Listing activated';
export const LISTING_DEACTIVATED = 'Listing deactivated';
export const LISTING_DELETED = 'Listing deleted';

/** The listing is defined in common/marketplace/marketplace.ts (zod); its types under the names used here. */

/** The /marketplace badge of a listing whose track is still in the contest, and its explanation. */
export const IN_CONTEST_BADGE = 'In the contest';
export const IN_CONTEST_EXPLANATION = 'This track is still in the Fool Rate contest: its song type and fool rate are revealed after the contest.';

/** In place of Buy on the seller's own listing (the API refuses it: ORDER_MSG.ownListing); it links to My Tracks, where they may feature it. */
export const OWN_LISTING = 'Your listing';
export const OWN_LISTING_MANAGE = 'manage it in My Tracks';

/** In place of Buy on a listing whose licence the user bought (the API refuses it again: ORDER_MSG.alreadyOwned); it links to My Orders, with the downloads. */
export const OWNED_LICENCE = 'Owned';
export const OWNED_LICENCE_VIEW = 'view it in My Orders';

export type EligibleTrack = { id: string; title: string; artist_name: string };

/** Featuring a listing (the seller pays app_config's marketplace.featured price; docs/adr/0016-settings-prices-and-grants.md). */
export const MARKETPLACE_FEATURE_MSG = {
  sellerOnly: 'Only the seller can feature this listing',
  alreadyFeatured: 'This listing is already featured',
  featured: 'Listing featured',
  failed: 'Failed to feature listing.',
  feature: 'Feature listing',
  featuring: 'Featuring...',
  confirm: (title: string, cost: number) => `Feature "${title}" in Featured Tracks? Costs ${cost} tokens.`,
  costChanged: (cost: number) => `Featuring a listing now costs ${cost} tokens`,
} as const;
