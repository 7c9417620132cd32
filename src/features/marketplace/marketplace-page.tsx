import { useEffect, useState } from 'react';
import { Loader2, ShoppingBag } from 'lucide-react';
import type { MarketplaceListing } from '@common/marketplace-messages';
import { LISTINGS_LOAD_FAILED, NO_LISTINGS } from '@common/marketplace-messages';
import { api } from '@/lib/api';
import { notifyError } from '@/lib/notify';
import { ListingCard } from './listing-card';

/** /marketplace: hero, Featured Tracks (2 columns) and All Listings (3 columns of basic listings). */
export function MarketplacePage() {
  const [listings, setListings] = useState<MarketplaceListing[] | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    api<{ listings: MarketplaceListing[] }>('/marketplace/listings', {
      signal: controller.signal,
    })
      .then((r) => setListings(r.listings))
      .catch((e: unknown) => {
        if (controller.signal.aborted) return;
        notifyError(LISTINGS_LOAD_FAILED, e);
        setListings([]);
      });
    return () => controller.abort();
  }, []);

  const active = (listings ?? []).filter((l) => l.is_active);
  const featured = active.filter((l) => l.listing_type === 'featured');
  const basic = active.filter((l) => l.listing_type === 'basic');

  return (
    <div className="mx-auto max-w-6xl space-y-12 px-4 py-10">
      <header className="text-center">
        <ShoppingBag className="mx-auto size-10 text-fuchsia-400" aria-hidden />
        <h1 className="mt-3 text-4xl font-bold">Marketplace</h1>
        <p className="mt-2 text-zinc-400">License tracks that fooled the crowd, with tokens or cash.</p>
      </header>
      {listings === null ? (
        <div className="flex justify-center text-zinc-400" role="status">
          <Loader2 className="size-6 animate-spin" aria-hidden />
          <span className="sr-only">Loading...</span>
        </div>
      ) : active.length === 0 ? (
        <p className="rounded-2xl border border-zinc-800 bg-zinc-900/60 p-6 text-center text-zinc-400">{NO_LISTINGS}</p>
      ) : (
        <>
          {featured.length > 0 && (
            <section aria-labelledby="featured-title">
              <h2 id="featured-title" className="mb-4 text-2xl font-bold">
                Featured Tracks
              </h2>
              <div className="grid gap-6 md:grid-cols-2">
                {featured.map((l) => (
                  <ListingCard key={l.id} listing={l} />
                ))}
              </div>
            </section>
          )}
          <section aria-labelledby="all-title">
            <h2 id="all-title" className="mb-4 text-2xl font-bold">
              All Listings
            </h2>
            <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {basic.map((l) => (
                <ListingCard key={l.id} listing={l} />
              ))}
            </div>
          </section>
        </>
      )}
    </div>
  );
}
