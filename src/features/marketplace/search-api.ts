import type { ListingFilters, ListingSection } from '@common/marketplace/search';
import { call, type CallOutput } from '@/lib/api/call';
import * as endpoints from '@/lib/api/endpoints.gen';
import { searchQuery } from './filters';

export type ListingsPage = CallOutput<NonNullable<(typeof endpoints.marketplace.search)['__declared']>>;

/** One page (at most LISTING_PAGE_SIZE) of a section's listings that match the filters, from GET /api/marketplace/search. */
export function searchListings(filters: ListingFilters, section: ListingSection, cursor: string | null, signal?: AbortSignal): Promise<ListingsPage> {
  return call(endpoints.marketplace.search, { query: searchQuery(filters, section, cursor), signal });
}
