import { GENRES } from '@common/constants';
import { SONG_TYPES } from '@common/contest/contest';
import type { ListingFilters } from '@common/marketplace/search';
import { LISTING_PAYMENTS, LISTING_SORTS, PRICE_MAX, SEARCH_MAX_LENGTH } from '@common/marketplace/search-options';

const oneOf =
  <T extends string>(values: readonly T[]) =>
  (v: unknown): T | undefined =>
    typeof v === 'string' && (values as readonly string[]).includes(v) ? (v as T) : undefined;

const price = (v: unknown): number | undefined => {
  const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= PRICE_MAX ? n : undefined;
};

/** A search: trimmed, at most SEARCH_MAX_LENGTH characters (the router reads `?q=2024` as a number). */
const query = (v: unknown): string | undefined => {
  const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  return s !== '' && s.length <= SEARCH_MAX_LENGTH ? s : undefined;
};

const CHECKS = {
  q: query,
  genre: oneOf(GENRES),
  type: oneOf(SONG_TYPES),
  pay: oneOf(LISTING_PAYMENTS),
  min: price,
  max: price,
  sort: oneOf(LISTING_SORTS),
} satisfies { [K in keyof ListingFilters]-?: (v: unknown) => ListingFilters[K] };

/**
 * The marketplace's filters as its URL holds them (issue 56 §1), checked param by param: one that
 * is not valid is dropped and the others kept, so a hand-edited or stale link opens the page (never
 * an error). A price range upside down is kept, so the page can say why it is not applied. The
 * same rules as `listingFilters` (common/marketplace/search.ts, which url-filters.test.ts holds it
 * to), without zod: the route runs this on the first load, where zod would weigh on every page.
 */
export function parseFilters(raw: Record<string, unknown>): ListingFilters {
  const out: Record<string, unknown> = {};
  for (const [key, check] of Object.entries(CHECKS)) {
    const value = (check as (v: unknown) => unknown)(raw[key]);
    if (value !== undefined) out[key] = value;
  }
  return out as ListingFilters;
}
