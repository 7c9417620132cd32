import type { MarketplaceListing } from '@common/marketplace/listing-doc';

/**
 * What this device saw last of the marketplace (issue 56 §2): the listings of the pages it
 * viewed, for /marketplace offline. A fixed budget (SEEN_LISTINGS_MAX), the listing seen longest
 * ago forgotten first; never the whole catalogue. In localStorage (one JSON array, a few hundred
 * KB at most): the page's chunk reads it without loading the data layer (RxDB).
 */

export const SEEN_LISTINGS_MAX = 500;
const KEY = 'marketplace.seen-listings.v1';

/** A store as localStorage is one (tests pass their own). */
type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const storage = (): Store | null => {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
};

const isListing = (v: unknown): v is MarketplaceListing =>
  typeof v === 'object' && v !== null && typeof (v as { id?: unknown }).id === 'string' && typeof (v as { title?: unknown }).title === 'string';

/** The listings remembered, the one seen last first. A store that cannot be read: none. */
export function seenListings(store: Store | null = storage()): MarketplaceListing[] {
  try {
    const parsed: unknown = JSON.parse(store?.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isListing) : [];
  } catch {
    return [];
  }
}

/**
 * Remembers `listings` as just seen (newest copy kept, moved to the front); beyond `max`, the
 * ones seen longest ago are forgotten. A full or refused store keeps what it had.
 */
export function rememberListings(listings: readonly MarketplaceListing[], store: Store | null = storage(), max = SEEN_LISTINGS_MAX): void {
  if (!store || listings.length === 0) return;
  const fresh = new Map<string, MarketplaceListing>();
  for (const l of listings) if (!fresh.has(l.id)) fresh.set(l.id, l);
  const kept = [...fresh.values(), ...seenListings(store).filter((l) => !fresh.has(l.id))].slice(0, max);
  try {
    store.setItem(KEY, JSON.stringify(kept));
  } catch {
    // Quota: the device keeps what it saw before.
  }
}

/** Forgets them all (sign-out of a shared device need not: listings are public). */
export function forgetSeenListings(store: Store | null = storage()): void {
  store?.removeItem(KEY);
}
