import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import type { MarketplaceListing } from '../../../common/marketplace-messages';
import { LISTING_PUBLIC_FIELDS } from '../../../common/marketplace-messages';
import { COL } from '../platform/collections';
import type { Deps } from '../platform/deps';
import { badRequest, notFound } from '../platform/errors';
import type { TrackDoc } from '../tracks/track-doc';
import type { z } from 'zod';
import { LISTINGS, type createListingInput } from './listing-schemas';

/** Preview links redirect to a signed URL this fresh, so a listing's preview never goes stale. */
export const PREVIEW_URL_SECONDS = 3600;

/** A listing's stable preview link (GET redirects to a fresh signed URL of the track). */
export const previewPath = (listingId: string) => `/api/marketplace/listings/${listingId}/preview`;

/** The fields a listing copies from its track (refreshed when the track changes). */
const trackCopy = (track: TrackDoc) => ({
  title: track.title,
  artist_name: track.artist_name,
  genre: track.genre,
  song_type: track.song_type,
  cover_art_url: track.cover_art_url ?? null,
});

/** The public track fields a listing carries, read now (marketplace tracks are not blind). */
export async function trackInfo(deps: Deps, trackId: string) {
  const [trackSnap, statsSnap] = await Promise.all([
    deps.db.collection(COL.tracks).doc(trackId).get(),
    deps.db.collection(COL.trackStats).doc(trackId).get(),
  ]);
  if (!trackSnap.exists) throw notFound('Track not found');
  const track = trackSnap.data() as TrackDoc;
  if (track.status !== 'approved') throw badRequest('Only approved tracks can be listed');
  // A listing shows the title, artist, type and full audio: contest tracks must stay blind.
  if (track.submission_type !== 'marketplace') throw badRequest('Only marketplace tracks can be listed');
  // A track entered in both routes is voted on as its contest twin (same original): its stats count.
  const twin = await deps.db
    .collection(COL.tracks)
    .where('audio_path', '==', track.audio_path)
    .where('submission_type', '==', 'contest')
    .limit(1)
    .get();
  const statsTrackId = twin.docs[0]?.id ?? trackId;
  const foolRate = (statsTrackId === trackId ? statsSnap : await deps.db.collection(COL.trackStats).doc(statsTrackId).get()).get('fool_rate') as
    | number
    | undefined;
  return {
    stats_track_id: statsTrackId,
    seller_id: track.submitted_by,
    ...trackCopy(track),
    fool_rate: foolRate ?? 0,
  };
}

/** Creates an active listing for an approved marketplace track (the CMS and the demo seed). */
export async function insertListing(deps: Deps, input: z.output<typeof createListingInput>): Promise<MarketplaceListing> {
  const info = await trackInfo(deps, input.track_id);
  const ref = deps.db.collection(LISTINGS).doc();
  const data = {
    ...input,
    ...info,
    id: ref.id,
    preview_url: previewPath(ref.id),
    is_active: true,
    created_at: new Date(deps.now()).toISOString(),
    updatedAt: FieldValue.serverTimestamp(),
    _deleted: false,
  };
  await ref.set(data);
  return toListing(ref.id, data);
}

/** The caller-facing view of a stored listing (seller_id and sync metadata left out). */
export function toListing(id: string, data: Record<string, unknown>): MarketplaceListing {
  const out: Record<string, unknown> = { id };
  for (const field of LISTING_PUBLIC_FIELDS) out[field] = data[field] ?? null;
  return out as MarketplaceListing;
}

/** Applies a change to a live listing; 404 when it does not exist or was deleted. */
export async function updateListing(db: Firestore, id: string, patch: Record<string, unknown>): Promise<MarketplaceListing> {
  const ref = db.collection(LISTINGS).doc(id);
  const data = await db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists || snap.get('_deleted') === true) throw notFound('Listing not found');
    tx.update(ref, { ...patch, updatedAt: FieldValue.serverTimestamp() });
    return { ...snap.data(), ...patch };
  });
  return toListing(id, data);
}

/**
 * Brings live listings up to date with their tracks (title, artist, genre, type, cover) and
 * their fool rate from track_stats: after a CMS track edit (for that track) and with every
 * leaderboard refresh (after votes, and on schedule), so /marketplace shows them live.
 * Returns how many listings changed.
 */
export async function refreshListingCopies(db: Firestore, trackId?: string): Promise<number> {
  let query = db.collection(LISTINGS).where('_deleted', '==', false);
  if (trackId) query = query.where('track_id', '==', trackId);
  const listings = (await query.get()).docs;
  if (listings.length === 0) return 0;
  const statsIdOf = (l: (typeof listings)[number]) => String(l.get('stats_track_id') ?? l.get('track_id'));
  const trackIds = [...new Set(listings.map((l) => String(l.get('track_id'))))];
  const statsIds = [...new Set(listings.map(statsIdOf))];
  const [tracks, stats] = await Promise.all([
    db.getAll(...trackIds.map((id) => db.collection(COL.tracks).doc(id))),
    db.getAll(...statsIds.map((id) => db.collection(COL.trackStats).doc(id))),
  ]);
  const trackById = new Map(tracks.filter((t) => t.exists).map((t) => [t.id, t.data() as TrackDoc]));
  const rate = new Map(stats.map((s) => [s.id, (s.get('fool_rate') as number | undefined) ?? 0]));
  const batch = db.batch();
  let changed = 0;
  for (const l of listings) {
    const track = trackById.get(String(l.get('track_id')));
    const next: Record<string, unknown> = { ...(track ? trackCopy(track) : {}), fool_rate: rate.get(statsIdOf(l)) ?? 0, preview_url: previewPath(l.id) };
    const patch = Object.fromEntries(Object.entries(next).filter(([k, v]) => l.get(k) !== v));
    if (Object.keys(patch).length === 0) continue;
    batch.update(l.ref, { ...patch, updatedAt: FieldValue.serverTimestamp() });
    changed++;
  }
  if (changed > 0) await batch.commit();
  return changed;
}
