/** Marketplace texts shared by the API and the client (product spec, section 8). */
export const SELECT_TRACK_MESSAGE = 'Please select a track.';
export const LISTINGS_LOAD_FAILED = 'Failed to load marketplace listings.';
export const CREATE_LISTING_FAILED = 'Failed to create listing.';
export const UPDATE_LISTING_FAILED = 'Failed to update listing.';
export const UPDATE_LISTING_STATUS_FAILED = 'Failed to update listing status.';
export const NO_LISTINGS = 'No listings yet';

import type { SongType } from './contest';

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
  /** Null while the track is in the contest (in_contest): the listing must not answer a voter's clip. */
  song_type: SongType | null;
  cover_art_url: string | null;
  /** The stable preview link; null when the track has no preview or is not approved. */
  preview_url: string | null;
  /** Null while the track is in the contest (nothing derived from its contest twin). */
  fool_rate: number | null;
  /** The track's contest twin is pending or approved: type and fool rate are revealed after the contest. */
  in_contest: boolean;
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
  'in_contest',
] as const;

/** The /marketplace badge of a listing whose track is still in the contest, and its explanation. */
export const IN_CONTEST_BADGE = 'In the contest';
export const IN_CONTEST_EXPLANATION = 'This track is still in the Fool Rate contest: its song type and fool rate are revealed after the contest.';

export type EligibleTrack = { id: string; title: string; artist_name: string };
