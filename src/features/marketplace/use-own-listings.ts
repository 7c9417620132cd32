import { useEffect, useMemo, useRef } from 'react';
import { useApiRead } from '@/hooks/use-api-read';
import { useFirstPaintPassed } from '@/lib/first-paint';
import { cachedOwnListingIds, loadMyTracks, ownListingIds } from '@/lib/my-tracks';
import { useSession } from '@/lib/session';

const NONE: ReadonlySet<string> = new Set();

/**
 * The ids of the signed-in user's own live listings, whose cards offer no Buy (listings do not
 * carry their seller to clients). Read from the user's tracks after the page's first paint (it
 * must not slow the first cover down), and again when a listing the page did not have appears
 * (it may be the user's, listed meanwhile); until the first read, as this device last read them.
 * Never read (or signed out), Buy shows, and the API refuses the purchase with its message.
 * `shown`: the listings on the page (null while they load).
 */
export function useOwnListingIds(shown: readonly { id: string }[] | null): ReadonlySet<string> {
  const uid = useSession((s) => s.user?.uid ?? null);
  const painted = useFirstPaintPassed();
  const { data: tracks, reload } = useApiRead(uid && painted ? (signal) => loadMyTracks(uid, signal) : null, [uid, painted]);

  // A listing the page never had: read again. Every id shown is remembered, so the list's own
  // comings and goings (RxDB filling in after the first request) read nothing. Ids hold no commas.
  const known = useRef<Set<string> | null>(null);
  const shownKey = shown?.map((l) => l.id).join(',') ?? null;
  useEffect(() => {
    if (shownKey === null) return;
    const ids = shownKey === '' ? [] : shownKey.split(',');
    const first = known.current === null;
    const seen = (known.current ??= new Set());
    const fresh = ids.filter((id) => !seen.has(id));
    fresh.forEach((id) => seen.add(id));
    if (!first && fresh.length > 0) reload();
  }, [shownKey, reload]);

  const cached = useMemo(() => (uid ? new Set(cachedOwnListingIds(uid)) : NONE), [uid]);
  return useMemo(() => (tracks ? new Set(ownListingIds(tracks)) : cached), [tracks, cached]);
}
