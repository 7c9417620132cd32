import { randomUUID } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import type { MarketplaceListing } from '../../common/marketplace/listing-doc';
import { COL } from '../../functions/src/platform/firestore/collections';
import { searchFields } from '../../functions/src/marketplace/search-fields';
import type { Harness } from './harness';

/**
 * A listing as the write path stores it (listing-write.ts insertListing: the public fields,
 * seller_id, _deleted, rating_low, and searchFields' facets and search keys), for tests and the
 * bench that need many listings without a track each.
 */
export function aStoredListing(over: Record<string, unknown> = {}): Record<string, unknown> & { id: string } {
  const id = typeof over.id === 'string' ? over.id : `lst_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const base: Record<string, unknown> = {
    id,
    track_id: `trk_${id}`,
    price_tokens: 15,
    price_usd: 1.99,
    listing_type: 'basic',
    version_type: 'preview',
    accept_tokens: true,
    accept_cash_app: false,
    is_active: true,
    created_at: '2026-03-01T00:00:00.000Z',
    title: `Song ${id}`,
    artist_name: 'Somebody',
    genre: 'Pop',
    song_type: 'human',
    cover_art_url: null,
    preview_url: null,
    fool_rate: null,
    in_contest: false,
    rating_low: null,
    seller_id: 'seller',
    _deleted: false,
    updatedAt: new Date('2026-03-01T00:00:00Z'),
    ...over,
  };
  return { ...base, ...searchFields(base), id };
}

/** Stores listings in batches of 400 (straight to Firestore); returns them. */
export async function storeListings(db: Firestore, listings: Array<Record<string, unknown> & { id: string }>) {
  for (let i = 0; i < listings.length; i += 400) {
    const batch = db.batch();
    for (const l of listings.slice(i, i + 400)) batch.set(db.collection(COL.listings).doc(l.id), l);
    await batch.commit();
  }
  return listings;
}

/**
 * Every listing the public can find, as /marketplace reads them: GET /api/marketplace/search for
 * Featured Tracks, then All Listings, each newest first, every page. (The public list of every
 * live listing at once is gone: it read the whole catalogue per call.)
 */
export async function publicListings(h: Pick<Harness, 'call'>): Promise<MarketplaceListing[]> {
  const found: MarketplaceListing[] = [];
  for (const section of ['featured', 'basic']) {
    let cursor: string | null = null;
    do {
      const res = await h.call('GET', `/api/marketplace/search?section=${section}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      if (res.status !== 200) throw new Error(`search ${section}: ${res.status} ${JSON.stringify(res.body)}`);
      found.push(...(res.body.listings as MarketplaceListing[]));
      cursor = res.body.next_cursor as string | null;
    } while (cursor);
  }
  return found;
}
