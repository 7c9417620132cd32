/** Marketplace texts shared by the API and the client (product spec, section 8). */
export const SELECT_TRACK_MESSAGE = 'Please select a track.';
export const LISTINGS_LOAD_FAILED = 'Failed to load marketplace listings.';
export const CREATE_LISTING_FAILED = 'Failed to create listing.';
export const UPDATE_LISTING_FAILED = 'Failed to update listing.';
export const UPDATE_LISTING_STATUS_FAILED = 'Failed to update listing status.';
export const NO_LISTINGS = 'No listings yet';

export type ListingType = 'basic' | 'featured';
export type VersionType = 'preview' | 'full';

/** A listing as the API and replication send it (seller_id stays on the server). */
export type MarketplaceListing = {
  id: string;
  track_id: string;
  price_tokens: number;
  price_usd: number;
  listing_type: ListingType;
  version_type: VersionType;
  accept_tokens: boolean;
  accept_cash_app: boolean;
  is_active: boolean;
  created_at: string;
  title: string;
  artist_name: string;
  genre: string;
  song_type: string;
  cover_art_url: string | null;
  preview_url: string | null;
  fool_rate: number;
};

export const LISTING_PUBLIC_FIELDS = [
  'track_id',
  'price_tokens',
  'price_usd',
  'listing_type',
  'version_type',
  'accept_tokens',
  'accept_cash_app',
  'is_active',
  'created_at',
  'title',
  'artist_name',
  'genre',
  'song_type',
  'cover_art_url',
  'preview_url',
  'fool_rate',
] as const;

export type EligibleTrack = { id: string; title: string; artist_name: string };
