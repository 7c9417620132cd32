import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { LISTING_PUBLIC_FIELDS, type MarketplaceListing } from '../../../common/listing-doc';
import { COL } from '../platform/collections';
import type { Deps } from '../platform/deps';
import { badRequest, notFound } from '../platform/errors';
import { log } from '../platform/log';
import type { TrackDoc } from '../tracks/track-doc';
import { listingCopies } from './listing-copy';
import type { z } from 'zod';
import type { createListingInput } from './listing-schemas';

/** Preview links redirect to a signed URL this fresh, so a listing's preview never goes stale. */
export const PREVIEW_URL_SECONDS = 3600;

/** The listed track, which must be an approved marketplace track. */
async function listableTrack(deps: Deps, trackId: string): Promise<TrackDoc> {
  const snap = await deps.db.collection(COL.tracks).doc(trackId).get();
  if (!snap.exists) throw notFound('Track not found');
  const track = { ...(snap.data() as TrackDoc), id: snap.id };
  if (track.status !== 'approved') throw badRequest('Only approved tracks can be listed');
  // A listing shows the title, artist and a preview: contest tracks must stay blind.
  if (track.submission_type !== 'marketplace') throw badRequest('Only marketplace tracks can be listed');
  return track;
}

/** Creates an active listing for an approved marketplace track (the CMS and the demo seed). */
export async function insertListing(deps: Deps, input: z.output<typeof createListingInput>): Promise<MarketplaceListing> {
  const track = await listableTrack(deps, input.track_id);
  const ref = deps.db.collection(COL.listings).doc();
  const [copy] = await listingCopies(deps.db, [{ listingId: ref.id, track }]);
  const data = {
    ...input,
    ...copy,
    seller_id: track.submitted_by,
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
  const ref = db.collection(COL.listings).doc(id);
  const data = await db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists || snap.get('_deleted') === true) throw notFound('Listing not found');
    tx.update(ref, { ...patch, updatedAt: FieldValue.serverTimestamp() });
    return { ...snap.data(), ...patch };
  });
  return toListing(id, data);
}

/**
 * After a CMS change to a track has committed: its listings' copies now. A failure here never
 * fails the change (the caller would see an error for an edit that happened, and a retry would
 * find nothing to do or, for a delete, a 404): it is logged, and the next leaderboard summary
 * refresh (each minute) brings every listing up to date anyway.
 */
export async function refreshListingCopiesAfterChange(db: Firestore, audioPath: string): Promise<void> {
  try {
    await refreshListingCopies(db, audioPath);
  } catch (err) {
    log.listingCopiesDeferred(audioPath, err);
  }
}

/**
 * Brings live listings up to date with their tracks (title, artist, genre, type, cover, preview)
 * and their contest twins (whether one is still in the contest, its fool rate): all of them with
 * every leaderboard refresh (after votes, and on schedule), or, given an original's audio_path,
 * the listings of the tracks made from it, after a CMS change to any of them (approve, reject,
 * edit, delete), so /marketplace follows at once. Returns how many listings changed.
 */
export async function refreshListingCopies(db: Firestore, audioPath?: string): Promise<number> {
  let query = db.collection(COL.listings).where('_deleted', '==', false);
  if (audioPath !== undefined) {
    const tracks = await db.collection(COL.tracks).where('audio_path', '==', audioPath).get();
    if (tracks.empty) return 0;
    query = query.where('track_id', 'in', tracks.docs.map((t) => t.id)); // one submission makes at most two
  }
  const listings = (await query.get()).docs;
  if (listings.length === 0) return 0;
  const trackIds = [...new Set(listings.map((l) => String(l.get('track_id'))))];
  const tracks = await db.getAll(...trackIds.map((id) => db.collection(COL.tracks).doc(id)));
  const trackById = new Map(tracks.filter((t) => t.exists).map((t) => [t.id, { ...(t.data() as TrackDoc), id: t.id }]));
  // A listing whose track was deleted keeps its last copy, without a preview.
  const items = listings.map((l) => ({ listing: l, track: trackById.get(String(l.get('track_id'))) }));
  const withTrack = items.filter((i): i is typeof i & { track: TrackDoc } => i.track !== undefined);
  const copies = await listingCopies(
    db,
    withTrack.map((i) => ({ listingId: i.listing.id, track: i.track })),
  );
  const next = new Map<string, Record<string, unknown>>(withTrack.map((i, n) => [i.listing.id, copies[n]!]));
  const batch = db.batch();
  let changed = 0;
  for (const { listing } of items) {
    const wanted = next.get(listing.id) ?? { preview_url: null };
    const patch = Object.fromEntries(Object.entries(wanted).filter(([k, v]) => listing.get(k) !== v));
    if (Object.keys(patch).length === 0) continue;
    batch.update(listing.ref, { ...patch, updatedAt: FieldValue.serverTimestamp() });
    changed++;
  }
  if (changed > 0) await batch.commit();
  return changed;
}
