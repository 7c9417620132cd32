import { randomUUID } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { COL } from '../../functions/src/platform/firestore/collections';
import { searchFields } from '../../functions/src/marketplace/search-fields';

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
