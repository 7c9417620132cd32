import { useCallback, useEffect, useState } from 'react';
import { compareCodeUnits } from '@common/format';
import { LISTINGS_LOAD_FAILED } from '@common/marketplace/marketplace-messages';
import type { MarketplaceListing } from '@common/marketplace/listing-doc';
import { loadDataLayer } from '@/data/lazy';
import * as endpoints from '@/lib/api/endpoints.gen';
import { call } from '@/lib/api/call';
import { notifyError } from '@/lib/notify';
import { firstPaint, useFirstPaintPassed } from '@/lib/first-paint';
import { afterNextPaint } from '@/lib/yield-to-main';

/** The order the public list comes in (GET /api/marketplace/listings): newest first, then by id. */
const newestFirst = (a: MarketplaceListing, b: MarketplaceListing) => compareCodeUnits(b.created_at, a.created_at) || compareCodeUnits(b.id, a.id);

/**
 * The active listings in one plain request, for the first paint: RxDB (over 100 KB of script and
 * an IndexedDB open) takes a slow phone seconds more, and a listing's cover is the page's largest
 * paint. The whole public list, newest first, as RxDB will show it once it has synced.
 */
async function firstListings(): Promise<MarketplaceListing[]> {
  return (await call(endpoints.marketplace.listings)).listings;
}

/** How long the first cover holds the first paint back at most (firstPaint: RxDB and the radio wait for it). */
const COVER_HOLD_MAX_MS = 3_000;

let releaseCoverHold: (() => void) | null = null;

/**
 * The route's loader, when /marketplace is the first page: its first cover is its largest paint,
 * so the first paint is held until it has shown (useListings releases it).
 */
export function holdFirstPaintForCover(): void {
  releaseCoverHold ??= firstPaint.hold(COVER_HOLD_MAX_MS);
}

function releaseFirstPaint(): void {
  releaseCoverHold?.();
}

/**
 * The active listings: first from one request (firstListings), then live from RxDB (so the page
 * browses offline). RxDB loads after the first paint (firstPaint), which this page holds until its
 * first cover has shown (`firstCoverShown`: it would otherwise slow that paint down), or until the
 * request failed (offline, its cache answers) or found nothing. `failed` when neither could load
 * anything; `savedOffline` once RxDB holds them (the page then opens offline).
 */
export function useListings(): { listings: MarketplaceListing[] | null; failed: boolean; savedOffline: boolean; firstCoverShown: () => void } {
  const [docs, setDocs] = useState<MarketplaceListing[] | null>(null);
  const [synced, setSynced] = useState(false);
  const [errored, setErrored] = useState(false);
  const [first, setFirst] = useState<MarketplaceListing[] | null>(null);
  const live = useFirstPaintPassed();
  // The cover has loaded; its paint comes with the next frame.
  const firstCoverShown = useCallback(() => void afterNextPaint().then(releaseFirstPaint), []);

  useEffect(() => {
    let cancelled = false;
    firstListings().then((list) => {
      if (cancelled) return;
      setFirst(list);
      if (list.length === 0) releaseFirstPaint();
    }, releaseFirstPaint);
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    if (!live) return;
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
  }, [live]);

  const failed = errored && !synced && (docs?.length ?? 0) === 0 && first === null;
  useEffect(() => {
    if (failed) notifyError(LISTINGS_LOAD_FAILED);
  }, [failed]);

  // RxDB's copy once it holds listings or has synced; until then the first request's answer (a
  // sync that fails leaves it), or nothing to show when neither could load.
  const local = docs !== null && (docs.length > 0 || synced) ? docs : null;
  return { listings: local ?? first ?? (failed ? [] : null), failed, savedOffline: synced, firstCoverShown };
}
