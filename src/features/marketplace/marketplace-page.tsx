import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Loader2, ShoppingBag, WifiOff } from 'lucide-react';
import { ORDER_MSG } from '@common/marketplace/orders';
import type { MarketplaceListing } from '@common/marketplace/listing-doc';
import { LISTINGS_LOAD_FAILED, NO_LISTINGS } from '@common/marketplace/marketplace-messages';
import { PATHS } from '@common/paths';
import { formatCount } from '@common/format';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useOnline } from '@/hooks/use-online';
import { useFirstPaintPassed } from '@/lib/first-paint';
import { useSession } from '@/lib/session';
import { ListingCard } from './listing-card';
import { useListings } from './use-listings';
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

/**
 * The cards a section shows at first, and adds with each "Show more listings": the page's first
 * render (and a phone's work on it) stays the same however large the catalogue grows.
 */
export const LISTINGS_PER_PAGE = 24;

/** /marketplace: hero, Featured Tracks (2 columns) and All Listings (3 columns of basic listings). */
export function MarketplacePage() {
  const { listings, failed, savedOffline, firstCoverShown } = useListings();
  const own = useOwnListingIds(listings);
  const online = useOnline();
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
  const onBuy = (l: MarketplaceListing) => {
    if (signedIn) setBuyingId(l.id);
    // Back to the listings once signed in.
    else void navigate({ to: PATHS.auth, search: { next: PATHS.marketplace } });
  };

  const active = listings ?? [];
  // The live document, so the dialog follows a price change (and closes if the listing goes away).
  const buying = active.find((l) => l.id === buyingId) ?? null;
  const featured = active.filter((l) => l.listing_type === 'featured');
  const basic = active.filter((l) => l.listing_type === 'basic');

  return (
    // At least a screen tall: the listings arrive after first paint and must not move the footer in view (layout shift).
    // data-saved-offline: the listings are stored on this device (tests wait for it before going offline).
    <div className="mx-auto min-h-dvh max-w-6xl space-y-12 px-4 py-10" data-saved-offline={savedOffline || undefined}>
      <header className="text-center">
        <ShoppingBag className="mx-auto size-10 text-fuchsia-400" aria-hidden />
        <h1 className="mt-3 text-4xl font-bold">Marketplace</h1>
        <p className="mt-2 text-zinc-400">License tracks that fooled the crowd, with tokens or cash.</p>
      </header>
      {!online && (
        <p role="status" className="flex items-center justify-center gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-sm text-amber-200">
          <WifiOff className="size-4 shrink-0" aria-hidden /> {ORDER_MSG.offline}
        </p>
      )}
      {uid && painted && (
        <Suspense fallback={null}>
          <OwnedLicences key={uid} uid={uid} onChange={onOwned} />
        </Suspense>
      )}
      {listings === null ? (
        <div className="flex justify-center text-zinc-400" role="status">
          <Loader2 className="size-6 animate-spin" aria-hidden />
          <span className="sr-only">Loading...</span>
        </div>
      ) : active.length === 0 ? (
        <Card as="p" className="p-6 text-center text-zinc-400" role={failed ? 'alert' : undefined}>
          {failed ? LISTINGS_LOAD_FAILED : NO_LISTINGS}
        </Card>
      ) : (
        <>
          {featured.length > 0 && (
            <ListingSection id="featured-title" title="Featured Tracks" grid="md:grid-cols-2" listings={featured} own={own} owned={owned} online={online} onBuy={onBuy} onFirstCover={firstCoverShown} />
          )}
          {/* Every listing featured: no empty All Listings heading. */}
          {basic.length > 0 && (
            <ListingSection id="all-title" title="All Listings" grid="sm:grid-cols-2 lg:grid-cols-3" listings={basic} own={own} owned={owned} online={online} onBuy={onBuy} onFirstCover={featured.length === 0 ? firstCoverShown : undefined} />
          )}
        </>
      )}
      {buying && (
        <Suspense fallback={null}>
          <PurchaseDialog key={buying.id} listing={buying} onClose={() => setBuyingId(null)} />
        </Suspense>
      )}
    </div>
  );
}

type SectionProps = {
  id: string;
  title: string;
  grid: string;
  listings: MarketplaceListing[];
  /** The user's own listings (no Buy on them). */
  own: ReadonlySet<string>;
  /** The listings whose licence the user bought (no Buy on them either). */
  owned: ReadonlySet<string>;
  online: boolean;
  onBuy: (l: MarketplaceListing) => void;
  /** The page's first section: its first card's cover loads at once; this runs once it shows. */
  onFirstCover?: () => void;
};

function ListingSection({ id, title, grid, listings, own, owned, online, onBuy, onFirstCover }: SectionProps) {
  const [shown, setShown] = useState(LISTINGS_PER_PAGE);
  // The first card "Show more listings" added takes the focus (the keyboard goes on from there).
  const focusFrom = useRef<number | null>(null);
  const cards = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusFrom.current === null) return;
    cards.current?.querySelectorAll<HTMLElement>('[data-testid="listing-card"]')[focusFrom.current]?.focus();
    focusFrom.current = null;
  }, [shown]);
  const visible = listings.slice(0, shown);
  const countId = `${id}-count`;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-4 text-2xl font-bold">
        {title}
      </h2>
      <div ref={cards} className={`grid gap-6 ${grid}`}>
        {visible.map((l, i) => (
          <ListingCard key={l.id} listing={l} own={own.has(l.id)} owned={owned.has(l.id)} online={online} onBuy={() => onBuy(l)} onFirstCover={i === 0 ? onFirstCover : undefined} />
        ))}
      </div>
      {visible.length < listings.length && (
        <div className="mt-6 flex flex-col items-center gap-2">
          <p id={countId} className="text-sm text-zinc-400">
            Showing {formatCount(visible.length)} of {formatCount(listings.length)}
          </p>
          <Button
            look="secondary"
            aria-describedby={countId}
            onClick={() => {
              focusFrom.current = visible.length;
              setShown(visible.length + LISTINGS_PER_PAGE);
            }}
            className="px-4 py-2 font-semibold hover:bg-zinc-800"
          >
            Show more listings
          </Button>
        </div>
      )}
    </section>
  );
}
