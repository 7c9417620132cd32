import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { Loader2, ShoppingBag, WifiOff } from 'lucide-react';
import { ORDER_MSG } from '@common/orders';
import type { MarketplaceListing } from '@common/listing-doc';
import { LISTINGS_LOAD_FAILED, NO_LISTINGS } from '@common/marketplace-messages';
import { PATHS } from '@common/paths';
import { Card } from '@/components/ui/card';
import { useOnline } from '@/hooks/use-online';
import { useSession } from '@/lib/session';
import { ListingCard } from './listing-card';
import { useListings } from './use-listings';
import { useOwnListingIds } from './use-own-listings';

/** The purchase dialog's code (Radix Dialog, the order flow) loads on the first Buy, not with the page. */
const PurchaseDialog = lazy(() => import('./purchase-dialog').then((m) => ({ default: m.PurchaseDialog })));

/** /marketplace: hero, Featured Tracks (2 columns) and All Listings (3 columns of basic listings). */
export function MarketplacePage() {
  const { listings, failed, savedOffline, firstCoverShown } = useListings();
  const own = useOwnListingIds(listings);
  const online = useOnline();
  const signedIn = useSession((s) => s.user !== null);
  const navigate = useNavigate();
  const [buyingId, setBuyingId] = useState<string | null>(null);
  const onBuy = (l: MarketplaceListing) => {
    if (signedIn) setBuyingId(l.id);
    else void navigate({ to: PATHS.auth });
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
            <ListingSection id="featured-title" title="Featured Tracks" grid="md:grid-cols-2" listings={featured} own={own} online={online} onBuy={onBuy} onFirstCover={firstCoverShown} />
          )}
          {/* Every listing featured: no empty All Listings heading. */}
          {basic.length > 0 && (
            <ListingSection id="all-title" title="All Listings" grid="sm:grid-cols-2 lg:grid-cols-3" listings={basic} own={own} online={online} onBuy={onBuy} onFirstCover={featured.length === 0 ? firstCoverShown : undefined} />
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
  online: boolean;
  onBuy: (l: MarketplaceListing) => void;
  /** The page's first section: its first card's cover loads at once; this runs once it shows. */
  onFirstCover?: () => void;
};

function ListingSection({ id, title, grid, listings, own, online, onBuy, onFirstCover }: SectionProps) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-4 text-2xl font-bold">
        {title}
      </h2>
      <div className={`grid gap-6 ${grid}`}>
        {listings.map((l, i) => (
          <ListingCard key={l.id} listing={l} own={own.has(l.id)} online={online} onBuy={() => onBuy(l)} onFirstCover={i === 0 ? onFirstCover : undefined} />
        ))}
      </div>
    </section>
  );
}
