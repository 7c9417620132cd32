import { useNavigate, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Loader2, ShoppingBag, WifiOff } from 'lucide-react';
import { ORDER_MSG } from '@common/marketplace/orders';
import type { MarketplaceListing } from '@common/marketplace/listing-doc';
import { LISTINGS_LOAD_FAILED, NO_LISTINGS } from '@common/marketplace/marketplace-messages';
import type { ListingFilters, ListingSection as Section } from '@common/marketplace/search';
import { PATHS } from '@common/paths';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useOnline } from '@/hooks/use-online';
import { useFirstPaintPassed } from '@/lib/first-paint';
import { useSession } from '@/lib/session';
import { hasFilters, parseFilters } from './filters';
import { ListingCard } from './listing-card';
import { ListingFiltersBar } from './listing-filters';
import { firstCoverShown, releaseFirstPaint } from './first-cover';
import { useSectionResults, type SectionResults } from './use-listings';
import { useOwnListingIds } from './use-own-listings';

/** The purchase dialog's code (Radix Dialog, the order flow) loads on the first Buy, not with the page. */
const PurchaseDialog = lazy(() => import('./purchase-dialog').then((m) => ({ default: m.PurchaseDialog })));
/**
 * The user's bought licences come from the orders' local database, which loads after the page's
 * first paint. Its code failing to load costs only the Owned marks (Buy shows, the API refuses).
 */
const OwnedLicences = lazy(() =>
  import('./owned-licences').then(
    (m) => ({ default: m.OwnedLicences }),
    () => ({ default: () => null }),
  ),
);
const NONE: ReadonlySet<string> = new Set();

/** The empty result of a search, and the note over what this device saw last (offline). */
export const NO_MATCHES = 'No listings match these filters.';
export const SHOWING_SEEN = 'You are offline: showing what you saw last.';

/** The filters' search params, as the URL holds them (src/routes/marketplace.tsx validates them). */
function useFilters(): [ListingFilters, (next: ListingFilters, typed: boolean) => void] {
  const raw = useSearch({ strict: false });
  const key = JSON.stringify(raw);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- by value: a new object per render
  const filters = useMemo(() => parseFilters(raw as Record<string, unknown>), [key]);
  const navigate = useNavigate();
  const setFilters = useCallback(
    (next: ListingFilters, typed: boolean) => {
      const search = Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined && v !== '')) as ListingFilters;
      void navigate({ to: PATHS.marketplace, search, replace: typed, resetScroll: false });
    },
    [navigate],
  );
  return [filters, setFilters];
}

/** /marketplace: hero, search and filters, Featured Tracks (2 columns) and All Listings (3 columns of basic listings), in pages from the server. */
export function MarketplacePage() {
  const [filters, setFilters] = useFilters();
  const online = useOnline();
  const featured = useSectionResults('featured', filters, online);
  const basic = useSectionResults('basic', filters, online);
  const shown = useMemo(() => (featured.listings && basic.listings ? [...featured.listings, ...basic.listings] : null), [featured.listings, basic.listings]);
  const own = useOwnListingIds(shown);
  const uid = useSession((s) => s.user?.uid ?? null);
  const signedIn = uid !== null;
  const painted = useFirstPaintPassed();
  // Whose they are: another user signing in here sees none until their own orders are read.
  const [bought, setBought] = useState<{ uid: string; ids: ReadonlySet<string> } | null>(null);
  const onOwned = useCallback(
    (ids: ReadonlySet<string>) => {
      if (uid) setBought({ uid, ids });
    },
    [uid],
  );
  const owned = bought && bought.uid === uid ? bought.ids : NONE;
  const navigate = useNavigate();
  const [buyingId, setBuyingId] = useState<string | null>(null);
  // The listing as the dialog opened on it (it stays open through a change of page or filters).
  const [buying, setBuying] = useState<MarketplaceListing | null>(null);
  const onBuy = (l: MarketplaceListing) => {
    if (signedIn) {
      setBuyingId(l.id);
      setBuying(l);
    }
    // Back to the listings once signed in.
    else void navigate({ to: PATHS.auth, search: { next: PATHS.marketplace } });
  };
  // A newer copy of the listing being bought (a price change read with a page) replaces it.
  const live = shown?.find((l) => l.id === buyingId) ?? null;
  const dialogListing = live ?? buying;

  const settled = shown !== null;
  const none = settled && shown.length === 0;
  const failed = featured.failed && basic.failed;
  const fromDevice = featured.fromDevice || basic.fromDevice;
  // Nothing to show, or failed: no cover will release the first paint.
  useEffect(() => {
    if (none) releaseFirstPaint();
  }, [none]);
  // data-saved-offline: this device holds the first pages (tests wait for it before going offline).
  const saved = settled && !fromDevice && !failed;

  return (
    // At least a screen tall: the listings arrive after first paint and must not move the footer in view (layout shift).
    <div className="mx-auto min-h-dvh max-w-6xl space-y-10 px-4 py-10" data-saved-offline={saved || undefined}>
      <header className="text-center">
        <ShoppingBag className="mx-auto size-10 text-fuchsia-400" aria-hidden />
        <h1 className="mt-3 text-4xl font-bold">Marketplace</h1>
        <p className="mt-2 text-zinc-400">License tracks that fooled the crowd, with tokens or cash.</p>
      </header>
      <ListingFiltersBar filters={filters} onChange={setFilters} />
      {(!online || fromDevice) && (
        <div role="status" className="space-y-1 rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-center text-sm text-amber-200">
          {fromDevice && (
            <p className="flex items-center justify-center gap-2 font-semibold">
              <WifiOff className="size-4 shrink-0" aria-hidden /> {SHOWING_SEEN}
            </p>
          )}
          {!online && <p>{ORDER_MSG.offline}</p>}
        </div>
      )}
      {uid && painted && (
        <Suspense fallback={null}>
          <OwnedLicences key={uid} uid={uid} onChange={onOwned} />
        </Suspense>
      )}
      {!settled ? (
        <div className="flex justify-center text-zinc-400" role="status">
          <Loader2 className="size-6 animate-spin" aria-hidden />
          <span className="sr-only">Loading...</span>
        </div>
      ) : none ? (
        <Card className="flex flex-col items-center gap-4 p-6 text-center text-zinc-400" role={failed ? 'alert' : undefined}>
          <p>{failed ? LISTINGS_LOAD_FAILED : hasFilters(filters) ? NO_MATCHES : NO_LISTINGS}</p>
          {!failed && hasFilters(filters) && (
            <Button look="secondary" className="px-4 py-2 font-semibold" onClick={() => setFilters({}, false)}>
              Clear filters
            </Button>
          )}
        </Card>
      ) : (
        <>
          {featured.listings!.length > 0 && (
            <ListingSection id="featured-title" title="Featured Tracks" section="featured" grid="md:grid-cols-2" results={featured} own={own} owned={owned} online={online} onBuy={onBuy} onFirstCover={firstCoverShown} />
          )}
          {/* No basic listing (every one featured, or none matches): no empty All Listings heading. */}
          {basic.listings!.length > 0 && (
            <ListingSection
              id="all-title"
              title="All Listings"
              section="basic"
              grid="md:grid-cols-2 lg:grid-cols-3"
              results={basic}
              own={own}
              owned={owned}
              online={online}
              onBuy={onBuy}
              onFirstCover={featured.listings!.length === 0 ? firstCoverShown : undefined}
            />
          )}
        </>
      )}
      {dialogListing && (
        <Suspense fallback={null}>
          <PurchaseDialog
            key={dialogListing.id}
            listing={dialogListing}
            onClose={() => {
              setBuyingId(null);
              setBuying(null);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

type SectionProps = {
  id: string;
  title: string;
  section: Section;
  grid: string;
  results: SectionResults;
  /** The user's own listings (no Buy on them). */
  own: ReadonlySet<string>;
  /** The listings whose licence the user bought (no Buy on them either). */
  owned: ReadonlySet<string>;
  online: boolean;
  onBuy: (l: MarketplaceListing) => void;
  /** The page's first section: its first card's cover loads at once; this runs once it shows. */
  onFirstCover?: () => void;
};

function ListingSection({ id, title, grid, results, own, owned, online, onBuy, onFirstCover }: SectionProps) {
  const listings = results.listings ?? [];
  // The first card "Load more" added takes the focus (the keyboard goes on from there).
  const focusFrom = useRef<number | null>(null);
  const cards = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusFrom.current === null || listings.length <= focusFrom.current) return;
    cards.current?.querySelectorAll<HTMLElement>('[data-testid="listing-card"]')[focusFrom.current]?.focus();
    focusFrom.current = null;
  }, [listings.length]);
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-4 text-2xl font-bold">
        {title}
      </h2>
      <div ref={cards} className={`grid gap-3 md:gap-6 ${grid}`}>
        {listings.map((l, i) => (
          <ListingCard key={l.id} listing={l} own={own.has(l.id)} owned={owned.has(l.id)} online={online} onBuy={() => onBuy(l)} onFirstCover={i === 0 ? onFirstCover : undefined} />
        ))}
      </div>
      {results.hasMore && (
        <div className="mt-6 flex justify-center">
          <Button
            look="secondary"
            aria-describedby={id}
            disabled={results.loadingMore}
            onClick={() => {
              focusFrom.current = listings.length;
              results.loadMore();
            }}
            className="px-4 py-2 font-semibold hover:bg-zinc-800"
          >
            {results.loadingMore ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      )}
    </section>
  );
}
