import { describe, expect, it } from 'vitest';
import { aListing } from '@/test/fixtures';
import { forgetSeenListings, rememberListings, SEEN_LISTINGS_MAX, seenListings } from './seen-listings';

/** A store in memory, as localStorage is one. */
function memoryStore(quota = Infinity) {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => {
      if (v.length > quota) throw new DOMException('full', 'QuotaExceededError');
      items.set(k, v);
    },
    removeItem: (k: string) => void items.delete(k),
  };
}
const listings = (n: number, from = 0) => Array.from({ length: n }, (_, i) => aListing({ id: `l${from + i}`, title: `Song ${from + i}` }));
const ids = (store: ReturnType<typeof memoryStore>) => seenListings(store).map((l) => l.id);

describe('the listings this device saw', () => {
  it('keeps at most 500, forgetting the ones seen longest ago first', () => {
    expect(SEEN_LISTINGS_MAX).toBe(500);
    const store = memoryStore();
    rememberListings(listings(300, 0), store);
    rememberListings(listings(300, 300), store);
    const kept = ids(store);
    expect(kept).toHaveLength(500);
    // The last page first; of the first, only its first 200 remain.
    expect(kept.slice(0, 300)).toEqual(listings(300, 300).map((l) => l.id));
    expect(kept.slice(300)).toEqual(listings(200, 0).map((l) => l.id));
    expect(kept).not.toContain('l200');
    expect(kept).not.toContain('l299');
  });

  it('a listing seen again moves to the front with its newest copy, and is kept once', () => {
    const store = memoryStore();
    rememberListings(listings(3), store);
    rememberListings([aListing({ id: 'l2', title: 'Song 2', price_tokens: 99 })], store);
    expect(ids(store)).toEqual(['l2', 'l0', 'l1']);
    expect(seenListings(store)[0]!.price_tokens).toBe(99);
    // Seen again, it is not the one forgotten next.
    rememberListings(listings(SEEN_LISTINGS_MAX - 1, 1000), store);
    expect(ids(store)).toContain('l2');
    expect(ids(store)).not.toContain('l0');
    expect(ids(store)).not.toContain('l1');
  });

  it('a store that is full keeps what it had; one unreadable or absent reads as none', () => {
    const store = memoryStore(2_000);
    rememberListings(listings(1), store);
    rememberListings(listings(50, 10), store);
    expect(ids(store)).toEqual(['l0']);
    store.setItem('marketplace.seen-listings.v1', '{not json');
    expect(seenListings(store)).toEqual([]);
    expect(seenListings(null)).toEqual([]);
    forgetSeenListings(store);
    expect(seenListings(store)).toEqual([]);
  });
});
