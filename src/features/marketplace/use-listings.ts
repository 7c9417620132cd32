import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { MarketplaceListing } from '@common/marketplace/listing-doc';
import type { ListingFilters, ListingSection } from '@common/marketplace/search';
import { LISTINGS_LOAD_FAILED } from '@common/marketplace/marketplace-messages';
import { ApiError } from '@/lib/api/api-error';
import { notifyError } from '@/lib/notify';
import { filterLocally, filtersKey } from './filters';
import { searchListings } from './search-api';
import { rememberListings, seenListings } from './seen-listings';

export type SectionResults = {
  /** The listings of the pages read so far; null while the first page loads. */
  listings: MarketplaceListing[] | null;
  /** Another page is there to read (the server gave a cursor). */
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  /** The server could not be reached: the listings are what this device saw last (seen-listings). */
  fromDevice: boolean;
  /** The first page failed (not offline). */
  failed: boolean;
};

type State = { key: string; listings: MarketplaceListing[] | null; next: string | null; loadingMore: boolean; fromDevice: boolean; failed: boolean };

const unreachable = (err: unknown) => err instanceof ApiError && err.status === 0;

/** With the browser online but the server out of reach, how long the device's copy shows before the server is asked again. */
export const RETRY_UNREACHABLE_MS = 15_000;

/**
 * One section's results (issue 56): pages of GET /api/marketplace/search, the first when the
 * filters change (starting over), the next on loadMore. Each page read is remembered on the
 * device (bounded); with the server out of reach, the section shows the remembered listings the
 * filters keep. `online` flipping back reads again.
 */
export function useSectionResults(section: ListingSection, filters: ListingFilters, online: boolean): SectionResults {
  const key = filtersKey(filters, section);
  const [state, setState] = useState<State>({ key, listings: null, next: null, loadingMore: false, fromDevice: false, failed: false });
  // The filters as of their key (a new object may come with each render).
  // eslint-disable-next-line react-hooks/exhaustive-deps -- by value: the key
  const keyed = useMemo(() => filters, [key]);
  // Showing the device's copy, the server is asked again: at once when the browser comes back
  // online, after a pause while it was online all along (the server itself out of reach). The
  // copy stays on screen until the server answers.
  const [retry, setRetry] = useState(0);
  const fromDeviceNow = state.key === key && state.fromDevice;
  const wasOnline = useRef(online);
  useEffect(() => {
    const cameBack = online && !wasOnline.current;
    wasOnline.current = online;
    if (!online || !fromDeviceNow) return;
    if (cameBack) {
      setRetry((n) => n + 1);
      return;
    }
    const t = setTimeout(() => setRetry((n) => n + 1), RETRY_UNREACHABLE_MS);
    return () => clearTimeout(t);
  }, [online, fromDeviceNow, retry]);

  useEffect(() => {
    const abort = new AbortController();
    const f = keyed;
    setState((s) => (s.key === key && s.listings !== null ? s : { key, listings: null, next: null, loadingMore: false, fromDevice: false, failed: false }));
    searchListings(f, section, null, abort.signal).then(
      (page) => {
        if (abort.signal.aborted) return;
        rememberListings(page.listings);
        setState({ key, listings: page.listings, next: page.next_cursor, loadingMore: false, fromDevice: false, failed: false });
      },
      (err: unknown) => {
        if (abort.signal.aborted) return;
        if (unreachable(err)) setState({ key, listings: filterLocally(seenListings(), f, section), next: null, loadingMore: false, fromDevice: true, failed: false });
        else setState({ key, listings: [], next: null, loadingMore: false, fromDevice: false, failed: true });
      },
    );
    return () => abort.abort();
  }, [key, keyed, section, retry]);

  const current = state.key === key ? state : null;
  const next = current?.next ?? null;
  const busy = current?.loadingMore ?? false;
  const loadMore = useCallback(() => {
    if (next === null || busy) return;
    setState((s) => (s.key === key ? { ...s, loadingMore: true } : s));
    searchListings(keyed, section, next).then(
      (page) => {
        rememberListings(page.listings);
        setState((s) => {
          if (s.key !== key || s.next !== next) return s;
          const have = new Set(s.listings?.map((l) => l.id));
          return { ...s, listings: [...(s.listings ?? []), ...page.listings.filter((l) => !have.has(l.id))], next: page.next_cursor, loadingMore: false };
        });
      },
      () => {
        notifyError(LISTINGS_LOAD_FAILED);
        setState((s) => (s.key === key ? { ...s, loadingMore: false } : s));
      },
    );
  }, [key, keyed, section, next, busy]);

  return {
    listings: current?.listings ?? null,
    hasMore: next !== null,
    loadingMore: busy,
    loadMore,
    fromDevice: current?.fromDevice ?? false,
    failed: current?.failed ?? false,
  };
}
