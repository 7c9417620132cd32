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
