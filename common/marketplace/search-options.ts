/**
 * The marketplace search's options and limits without zod (common/marketplace/search.ts adds the
 * schema): the /marketplace route checks its URL with them on the first load, where zod would
 * cost the home page's budget.
 */

export const LISTING_SORTS = ['newest', 'price_asc', 'price_desc', 'fool_rate', 'rating'] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];
export const LISTING_SORT_LABELS: Record<ListingSort, string> = {
  newest: 'Newest',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  fool_rate: 'Fool rate',
  rating: 'Rating',
};

/** How a licence is paid: tokens, or cash through Cash App. */
export const LISTING_PAYMENTS = ['tokens', 'cash_app'] as const;
export type ListingPayment = (typeof LISTING_PAYMENTS)[number];

/** The two sections of the page: Featured Tracks and All Listings (basic listings). */
export const LISTING_SECTIONS = ['featured', 'basic'] as const;
export type ListingSection = (typeof LISTING_SECTIONS)[number];

/** Cards per page of results, at most. */
export const LISTING_PAGE_SIZE = 24;
export const SEARCH_MAX_LENGTH = 40;
/** Token prices range over whole numbers from 0 to this. */
export const PRICE_MAX = 1_000_000;

/**
 * A title or artist as search compares it: lower case, accents removed (é → e), anything but
 * letters and digits a single space, trimmed.
 */
export const searchText = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** What GET /api/marketplace/search answers a cursor it did not sign, or one from other filters (400). */
export const SEARCH_BAD_CURSOR = 'These results changed: search again from the first page';
