import { useEffect, useState } from 'react';
import { LISTINGS_LOAD_FAILED } from '@common/marketplace-messages';
import type { MarketplaceListing } from '@common/listing-doc';
import { loadDataLayer } from '@/data/lazy';
import { notifyError } from '@/lib/notify';

const newestFirst = (a: MarketplaceListing, b: MarketplaceListing) => b.created_at.localeCompare(a.created_at);

/**
 * The active listings, live from RxDB (so the page browses offline); opening the page starts
 * their replication. `failed` when the first sync failed and nothing is cached.
 */
export function useListings(): { listings: MarketplaceListing[] | null; failed: boolean } {
  const [docs, setDocs] = useState<MarketplaceListing[] | null>(null);
  const [synced, setSynced] = useState(false);
  const [errored, setErrored] = useState(false);

  useEffect(() => {
    let cancelled = false;
    const cleanups: Array<() => void> = [];
    void (async () => {
      const m = await loadDataLayer();
      const db = await m.getDatabase();
      if (cancelled) return;
      const query = db.marketplace_listings.find({ selector: { is_active: true } }).$.subscribe((list) => {
        setDocs(list.map((d) => d.toMutableJSON()).sort(newestFirst));
      });
      cleanups.push(() => query.unsubscribe());
      const sync = await m.syncPublicListings();
      if (cancelled) return;
      const errors = sync.errors$.subscribe(() => setErrored(true));
      cleanups.push(() => errors.unsubscribe());
      void sync.initialPull.then(() => !cancelled && setSynced(true));
    })().catch(() => !cancelled && setErrored(true));
    return () => {
      cancelled = true;
      cleanups.forEach((c) => c());
    };
  }, []);

  const failed = errored && !synced && (docs?.length ?? 0) === 0;
  useEffect(() => {
    if (failed) notifyError(LISTINGS_LOAD_FAILED);
  }, [failed]);

  const loading = docs === null || (docs.length === 0 && !synced && !errored);
  return { listings: loading ? null : docs, failed };
}
