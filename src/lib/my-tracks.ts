import type { MyTrack } from '@common/api/tracks';
import * as endpoints from './api/endpoints.gen';
import { call } from './api/call';

/** One of the user's own tracks (GET /api/tracks/mine), as declared with the endpoint. */
export type { MyTrack };

const ownListingsKey = (uid: string) => `foolrate:own-listings:${uid}`;

/** The ids of the live listings among `tracks` (the user's own). */
export const ownListingIds = (tracks: readonly MyTrack[]): string[] => tracks.flatMap((t) => (t.listing ? [t.listing.id] : []));

/**
 * The ids of `uid`'s live listings as this device last read them (empty when it never did):
 * a seller's own cards show no Buy from the marketplace's first render, before the read.
 */
export function cachedOwnListingIds(uid: string): string[] {
  try {
    const ids: unknown = JSON.parse(localStorage.getItem(ownListingsKey(uid)) ?? '[]');
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** Signing out: the device forgets which listings were the user's. */
export function forgetOwnListingIds(uid: string): void {
  try {
    localStorage.removeItem(ownListingsKey(uid));
  } catch {
    // No storage: nothing was kept.
  }
}

/** The user's tracks (`uid` is the signed-in user); their live listings' ids are kept for the next visit. */
export async function loadMyTracks(uid: string, signal?: AbortSignal): Promise<MyTrack[]> {
  const { tracks } = await call(endpoints.tracks.mine, { signal });
  try {
    localStorage.setItem(ownListingsKey(uid), JSON.stringify(ownListingIds(tracks)));
  } catch {
    // No storage (private mode): the next visit reads them again before showing them.
  }
  return tracks;
}
