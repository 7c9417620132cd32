import * as z from 'zod/mini';
import { GENRES } from '../constants';
import { SONG_TYPES } from '../contest/contest';
import { LISTING_PAYMENTS, LISTING_SORTS, PRICE_MAX, SEARCH_MAX_LENGTH } from './search-options';

export * from './search-options';

/**
 * Finding a listing (issue 56): the marketplace's filters and sort, as the page keeps them in its
 * URL (zod-validated search params) and as GET /api/marketplace/search takes them (with `section`
 * and `cursor`). zod/mini: the marketplace page's chunk imports it.
 */

const price = z.int().check(z.minimum(0), z.maximum(PRICE_MAX));

/** The filters and the sort (all optional: none is every active listing, newest first). */
export const listingFilters = z
  .object({
    q: z.optional(z.string().check(z.trim(), z.maxLength(SEARCH_MAX_LENGTH))),
    genre: z.optional(z.enum(GENRES)),
    type: z.optional(z.enum(SONG_TYPES)),
    pay: z.optional(z.enum(LISTING_PAYMENTS)),
    min: z.optional(price),
    max: z.optional(price),
    sort: z.optional(z.enum(LISTING_SORTS)),
  })
  .check(z.refine((f) => f.min === undefined || f.max === undefined || f.min <= f.max, { message: 'The lowest price must not be above the highest', path: ['min'] }));
export type ListingFilters = z.infer<typeof listingFilters>;

