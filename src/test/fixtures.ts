import type { CmsTrack } from '@common/cms/cms-messages';
import type { MarketplaceListing } from '@common/marketplace/listing-doc';
import type { Order } from '@common/marketplace/order-doc';

/** A marketplace listing as the API sends it; override what the test is about. */
export const aListing = (over: Partial<MarketplaceListing> = {}): MarketplaceListing => ({
  id: 'listing-1',
  track_id: 'track-1',
  price_tokens: 15,
  price_usd: 1.99,
  listing_type: 'basic',
  version_type: 'full',
  accept_tokens: true,
  accept_cash_app: true,
  is_active: true,
  created_at: '2025-01-01T00:00:00.000Z',
  title: 'Skyline Licensing Loop',
  artist_name: 'Aria',
  genre: 'Electronic',
  song_type: 'human',
  cover_art_url: null,
  preview_url: null,
  fool_rate: null,
  in_contest: false,
  ...over,
});

/** An order as replication holds it; override what the test is about. */
export const anOrder = (over: Partial<Order> = {}): Order => ({
  id: 'order-1',
  listing_id: 'listing-1',
  track_id: 'track-1',
  buyer_id: 'buyer-1',
  seller_id: 'seller-1',
  status: 'AWAITING_SELLER',
  method: 'CASH_APP',
  amount_tokens: null,
  amount_usd: 1.99,
  cash_app_tag: '$AriaArtist',
  expires_at: null,
  has_proof: false,
  created_at: '2025-01-01T00:00:00.000Z',
  title: 'Skyline Licensing Loop',
  artist_name: 'Aria',
  cover_art_url: null,
  listing_type: 'basic',
  version_type: 'full',
  buyer_username: 'listener',
  seller_username: 'artist',
  ...over,
});

/** A track as the CMS sees it: a pending contest track without votes; override what the test is about. */
export const aCmsTrack = (over: Partial<CmsTrack> = {}): CmsTrack => ({
  id: 'track-1',
  title: 'Night Drive',
  artist_name: 'Mara Quill',
  genre: 'Synthwave',
  is_ai: false,
  song_type: 'human',
  submission_type: 'contest',
  status: 'pending',
  cover_art_url: null,
  preview_start_time: 0,
  duration_seconds: 180,
  creation_story: null,
  hybrid_ai_elements: [],
  hybrid_human_elements: [],
  hybrid_tools_used: [],
  submitted_by: 'artist-1',
  created_at: '2025-01-01T00:00:00.000Z',
  has_video: false,
  audio_url: 'https://storage.test/night-drive.mp3',
  stats: { total_votes: 0, fool_rate: 0, rating: null, rating_deviation: null },
  ...over,
});
