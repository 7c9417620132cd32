import { z } from 'zod';
import { activeInput, createListingInput, editListingInput } from '../marketplace/listing-form';
import { listingDoc, type MarketplaceListing } from '../marketplace/listing-doc';
import type { EligibleTrack } from '../marketplace/marketplace-messages';
import { GENRES } from '../constants';
import { SONG_TYPES } from '../contest/contest';
import { LISTING_PAGE_SIZE, LISTING_PAYMENTS, LISTING_SECTIONS, LISTING_SORTS, PRICE_MAX, SEARCH_MAX_LENGTH, type ListingFilters, type ListingSection } from '../marketplace/search';
import { docId } from '../schemas';
import { endpoint, ignoredBody, json, jsonBody, other } from './contract';
import { shownTokenCost } from './tokens';

export const listingIdParams = z.strictObject({ id: docId });
/** POST /api/marketplace/listings/:id/feature: `token_cost`, the price the seller was shown. */
export const featureInput = z.strictObject({ token_cost: shownTokenCost });

/** A listing as the API answers it: the replicated document without its change time (functions/src/marketplace/listing-write.ts toListing). */
export const marketplaceListing = z.strictObject(listingDoc.shape).omit({ updatedAt: true }).meta({ title: 'MarketplaceListing' }) satisfies z.ZodType<MarketplaceListing>;
const listingAnswer = z.strictObject({ listing: marketplaceListing }).meta({ title: 'ListingAnswer' });
const listing = json(listingAnswer);
const listings = json(z.strictObject({ listings: z.array(marketplaceListing) }).meta({ title: 'Listings' }));
const eligibleTrack = z.strictObject({ id: z.string(), title: z.string(), artist_name: z.string() }).meta({ title: 'EligibleTrack' }) satisfies z.ZodType<EligibleTrack>;

/** A price from the URL: a whole number of tokens, 0 to PRICE_MAX (anything else is a 400). */
const priceParam = z
  .string()
  .regex(/^\d{1,7}$/, 'Must be a whole number')
  .transform(Number)
  .pipe(z.int().min(0).max(PRICE_MAX));

/**
 * GET /api/marketplace/search: the page's filters and sort (common/marketplace/search.ts
 * listingFilters, as URL strings), the section, and the previous answer's `next_cursor`.
 */
export const marketplaceSearchQuery = z
  .strictObject({
    section: z.enum(LISTING_SECTIONS),
    q: z.string().trim().max(SEARCH_MAX_LENGTH).optional(),
    genre: z.enum(GENRES).optional(),
    type: z.enum(SONG_TYPES).optional(),
    pay: z.enum(LISTING_PAYMENTS).optional(),
    min: priceParam.optional(),
    max: priceParam.optional(),
    sort: z.enum(LISTING_SORTS).optional(),
    cursor: z.string().max(2000).optional(),
  })
  .refine((f) => f.min === undefined || f.max === undefined || f.min <= f.max, { message: 'The lowest price must not be above the highest', path: ['min'] }) satisfies z.ZodType<
  ListingFilters & { section: ListingSection; cursor?: string },
  unknown
>;
export type MarketplaceSearchQuery = z.output<typeof marketplaceSearchQuery>;

/** A page of search results: `next_cursor` asks for the next page, null after the last. */
export const marketplaceSearchAnswer = z
  .strictObject({ listings: z.array(marketplaceListing).max(LISTING_PAGE_SIZE), next_cursor: z.string().nullable() })
  .meta({ title: 'MarketplaceSearchPage' });

/** The marketplace (functions/src/marketplace/router.ts): public listings, sellers featuring theirs, admins managing them. */
export const marketplace = {
  search: endpoint({
    method: 'GET',
    path: '/api/marketplace/search',
    access: 'public',
    summary: 'A page (at most 24) of one section\'s live listings, filtered, searched and sorted',
    query: marketplaceSearchQuery,
    response: json(marketplaceSearchAnswer),
  }),
  preview: endpoint({
    method: 'GET',
    path: '/api/marketplace/listings/:id/preview',
    access: 'public',
    summary: "Redirects to a signed URL of a listing's 30-second preview",
    params: listingIdParams,
    response: other('redirect', 302),
  }),
  feature: endpoint({
    method: 'POST',
    path: '/api/marketplace/listings/:id/feature',
    access: 'owner',
    summary: 'The seller features their basic listing for the featured price (403 for anyone else)',
    params: listingIdParams,
    body: jsonBody(featureInput, true),
    response: json(z.strictObject({ listing: marketplaceListing, cost: z.number(), balance: z.number() }).meta({ title: 'FeaturedListing' })),
  }),
  all: endpoint({ method: 'GET', path: '/api/marketplace/listings/all', access: 'admin', summary: 'Every listing, inactive ones too', response: listings }),
  eligibleTracks: endpoint({ method: 'GET', path: '/api/marketplace/eligible-tracks', access: 'admin', summary: 'Approved tracks without a listing', response: json(z.strictObject({ tracks: z.array(eligibleTrack) }).meta({ title: 'EligibleTracks' })),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/marketplace/listings',
    access: 'admin',
    summary: 'A listing for an approved track, spec defaults filled in',
    body: jsonBody(createListingInput),
    checkedBy: 'handler',
    response: json(listingAnswer, 201),
  }),
  setActive: endpoint({
    method: 'POST',
    path: '/api/marketplace/listings/:id/active',
    access: 'admin',
    summary: 'Puts a listing on or off sale',
    params: listingIdParams,
    body: jsonBody(activeInput, true),
    response: listing,
  }),
  delete: endpoint({
    method: 'POST',
    path: '/api/marketplace/listings/:id/delete',
    access: 'admin',
    summary: 'Deletes a listing',
    params: listingIdParams,
    body: ignoredBody,
    response: json(z.object({ deleted: z.literal(true) })),
  }),
  edit: endpoint({
    method: 'POST',
    path: '/api/marketplace/listings/:id',
    access: 'admin',
    summary: "Changes a listing's prices, type and accepted payments",
    params: listingIdParams,
    body: jsonBody(editListingInput),
    checkedBy: 'handler',
    response: listing,
  }),
} as const;
