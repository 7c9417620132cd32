import { useMemo } from 'react';
import { useApiRead } from '@/hooks/use-api-read';
import { useFirstPaintPassed } from '@/lib/first-paint';
import { loadMyTracks } from '@/lib/my-tracks';
import { useSession } from '@/lib/session';

const NONE: ReadonlySet<string> = new Set();

/**
 * The ids of the signed-in user's own live listings, whose cards offer no Buy (listings do not
 * carry their seller to clients). Read once from the user's tracks after the page's first paint
 * (it must not slow the first cover down); empty until then, signed out, or when the read fails:
 * Buy then shows, and the API refuses the purchase with its message.
 */
export function useOwnListingIds(): ReadonlySet<string> {
  const uid = useSession((s) => s.user?.uid ?? null);
  const painted = useFirstPaintPassed();
  const { data: tracks } = useApiRead(uid && painted ? (signal) => loadMyTracks(signal) : null, [uid, painted]);
  return useMemo(() => (tracks ? new Set(tracks.flatMap((t) => (t.listing ? [t.listing.id] : []))) : NONE), [tracks]);
}
