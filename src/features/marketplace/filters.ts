import { compareCodeUnits } from '@common/format';
import type { MarketplaceListing } from '@common/marketplace/listing-doc';
import { searchText, type ListingFilters, type ListingSection } from '@common/marketplace/search';

export { parseFilters } from './url-filters';

export const priceRangeInverted = (f: ListingFilters): boolean => f.min !== undefined && f.max !== undefined && f.min > f.max;

export const hasFilters = (f: ListingFilters): boolean => Object.values(f).some((v) => v !== undefined);

/** The query of GET /api/marketplace/search for one section's page. */
export function searchQuery(f: ListingFilters, section: ListingSection, cursor: string | null): Record<string, string | number | undefined> {
  const inverted = priceRangeInverted(f);
  return {
    section,
    q: f.q,
    genre: f.genre,
    type: f.type,
    pay: f.pay,
    min: inverted ? undefined : f.min,
    max: inverted ? undefined : f.max,
    sort: f.sort,
    cursor: cursor ?? undefined,
  };
}

/** One key per distinct search: a change of it starts the results over. */
export const filtersKey = (f: ListingFilters, section: ListingSection): string => JSON.stringify(searchQuery(f, section, null));

/** Whether a title or artist matches the search: each word of it begins a word of theirs (as the server's prefix search). */
function matchesText(l: MarketplaceListing, q: string): boolean {
  const words = searchText(q).split(' ').filter(Boolean);
  const theirs = searchText(`${l.title} ${l.artist_name}`).split(' ');
  return words.every((w) => theirs.some((t) => t.startsWith(w)));
}

/** Offline: the listings this device saw that the filters keep, in the sort asked for. */
export function filterLocally(listings: readonly MarketplaceListing[], f: ListingFilters, section: ListingSection): MarketplaceListing[] {
  const inverted = priceRangeInverted(f);
  const kept = listings.filter(
    (l) =>
      l.is_active &&
      l.listing_type === section &&
      (!f.q || matchesText(l, f.q)) &&
      (!f.genre || l.genre === f.genre) &&
      (!f.type || (!l.in_contest && l.song_type === f.type)) &&
      (!f.pay || (f.pay === 'tokens' ? l.accept_tokens : l.accept_cash_app)) &&
      (inverted || f.min === undefined || l.price_tokens >= f.min) &&
      (inverted || f.max === undefined || l.price_tokens <= f.max),
  );
  const newest = (a: MarketplaceListing, b: MarketplaceListing) => compareCodeUnits(b.created_at, a.created_at) || compareCodeUnits(b.id, a.id);
  const by: Record<string, (a: MarketplaceListing, b: MarketplaceListing) => number> = {
    newest,
    price_asc: (a, b) => a.price_tokens - b.price_tokens || newest(a, b),
    price_desc: (a, b) => b.price_tokens - a.price_tokens || newest(a, b),
    fool_rate: (a, b) => (b.fool_rate ?? -1) - (a.fool_rate ?? -1) || newest(a, b),
    // Listings carry no rating to the client: newest first.
    rating: newest,
  };
  return kept.sort(by[f.sort ?? 'newest']);
}
