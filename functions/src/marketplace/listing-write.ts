import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import type { MarketplaceListing } from '../../../common/marketplace-messages';
import { LISTING_PUBLIC_FIELDS } from '../../../common/marketplace-messages';
import { COL } from '../platform/collections';
import type { Deps } from '../platform/deps';
import { badRequest, notFound } from '../platform/errors';
import type { TrackDoc } from '../tracks/track-doc';
import type { z } from 'zod';
import { LISTINGS, type createListingInput } from './listing-schemas';

const PREVIEW_URL_SECONDS = 7 * 86400;

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
  const foolRate = statsSnap.get('fool_rate') as number | undefined;
  return {
    seller_id: track.submitted_by,
    title: track.title,
    artist_name: track.artist_name,
    genre: track.genre,
    song_type: track.song_type,
    cover_art_url: track.cover_art_url ?? null,
    preview_url: await deps.storage.signedUrl(track.audio_path, PREVIEW_URL_SECONDS),
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
