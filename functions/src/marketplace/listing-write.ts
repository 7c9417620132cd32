import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { LISTING_PUBLIC_FIELDS, type MarketplaceListing } from '../../../common/marketplace/listing-doc';
import { ALREADY_LISTED, NO_PAYMENT_METHOD, NO_SELLER_CASH_TAG } from '../../../common/marketplace/marketplace-messages';
import { COL } from '../platform/firestore/collections';
import type { Deps } from '../platform/deps';
import { badRequest, conflict, notFound } from '../platform/http/errors';
import { recordDocChange } from '../platform/firestore/audit';
import { tracksCol, type TrackDoc } from '../tracks/track-doc';
import { listingCopies } from './listing-copy';
import { searchFields, searchFieldsPatch } from './search-fields';
import type { z } from 'zod';
import type { createListingInput } from './listing-schemas';

/** Preview links redirect to a signed URL this fresh, so a listing's preview never goes stale. */
export const PREVIEW_URL_SECONDS = 3600;

/**
 * Whether a track can be on sale: an approved marketplace track. A listing whose track stops
 * being one (rejected, deleted) is off sale: orders refuse it (create-order.ts), and the refresh
 * after the change sets it inactive until the track is approved again (saleState).
 */
export const isListable = (track: Pick<TrackDoc, 'status' | 'submission_type'> | undefined): boolean =>
  track?.status === 'approved' && track.submission_type === 'marketplace';

/** The listed track, which must be an approved marketplace track. */
export async function listableTrack(deps: Deps, trackId: string): Promise<TrackDoc> {
  const track = (await tracksCol(deps.db).doc(trackId).get()).data();
  if (!track) throw notFound('Track not found');
  if (track.status !== 'approved') throw badRequest('Only approved tracks can be listed');
  // A listing shows the title, artist and a preview: contest tracks must stay blind.
  if (track.submission_type !== 'marketplace') throw badRequest('Only marketplace tracks can be listed');
  return track;
}

/** Who made a CMS change, for its audit entry (the demo seed makes none). */
export type Audited = { actorId: string; nowIso: string };

/**
 * Cash App can be offered only once the seller has a $cashtag for buyers to pay (they set it on
 * My Orders, and can change it but not remove it), so a buyer choosing it is never refused.
 */
async function requireCashTag(db: Firestore, tx: Transaction, sellerId: unknown): Promise<void> {
  const profile = typeof sellerId === 'string' ? await tx.get(db.collection(COL.profiles).doc(sellerId)) : null;
  if (!profile?.get('cash_app_tag')) throw badRequest(NO_SELLER_CASH_TAG);
}

/** Creates an active listing for an approved marketplace track (the CMS and the demo seed). */
export async function insertListing(deps: Deps, input: z.output<typeof createListingInput>, audited?: Audited): Promise<MarketplaceListing> {
  const { db } = deps;
  const track = await listableTrack(deps, input.track_id);
  const ref = db.collection(COL.listings).doc();
  const [copy] = await listingCopies(db, [{ listingId: ref.id, track }]);
  const stored = {
    ...input,
    ...copy,
    seller_id: track.submitted_by,
    id: ref.id,
    is_active: true,
    created_at: new Date(deps.now()).toISOString(),
    updatedAt: FieldValue.serverTimestamp(),
    _deleted: false,
  };
  const data = { ...stored, ...searchFields(stored) };
  // One live listing per track: a second one sold the same licence again at another price. The
  // track's marker is read and written in the transaction, so concurrent creates make one.
  const markerRef = db.collection(COL.listingTracks).doc(track.id);
  await db.runTransaction(async (tx) => {
    if (input.accept_cash_app) await requireCashTag(db, tx, track.submitted_by);
    const marker = await tx.get(markerRef);
    const current = marker.exists ? await tx.get(db.collection(COL.listings).doc(String(marker.get('listing_id')))) : null;
    // Listings made before the marker: any live one of the track counts too.
    const older = marker.exists ? null : await tx.get(db.collection(COL.listings).where('track_id', '==', track.id));
    const live = (current?.exists && current.get('_deleted') !== true) || older?.docs.some((d) => d.get('_deleted') !== true);
    if (live) throw conflict(ALREADY_LISTED);
    tx.set(markerRef, { track_id: track.id, listing_id: ref.id });
    tx.create(ref, data);
    if (audited) {
      recordDocChange(
        db,
        tx,
        { action: 'listing.create', actorId: audited.actorId, targetUserId: track.submitted_by ?? null, name: ['listing', null, track.title], before: null, after: data, keys: Object.keys(input) },
        audited.nowIso,
      );
    }
  });
  return toListing(ref.id, data);
}

/** The caller-facing view of a stored listing (seller_id and sync metadata left out). */
export function toListing(id: string, data: Record<string, unknown>): MarketplaceListing {
  const out: Record<string, unknown> = { id };
  for (const field of LISTING_PUBLIC_FIELDS) out[field] = data[field] ?? null;
  return out as MarketplaceListing;
}

/** Applies a change to a live listing; 404 when it does not exist or was deleted. Audited when `audited` says who (an edit, or a delete for a `_deleted` patch). */
export async function updateListing(db: Firestore, id: string, patch: Record<string, unknown>, audited?: Audited): Promise<MarketplaceListing> {
  const ref = db.collection(COL.listings).doc(id);
  const data = await db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists || snap.get('_deleted') === true) throw notFound('Listing not found');
    const before = snap.data() ?? {};
    const next = { ...before, ...patch };
    if (next.accept_tokens !== true && next.accept_cash_app !== true) throw badRequest(NO_PAYMENT_METHOD);
    if (patch.accept_cash_app === true && before.accept_cash_app !== true) await requireCashTag(db, tx, before.seller_id);
    tx.update(ref, { ...patch, ...searchFieldsPatch(before, next), updatedAt: FieldValue.serverTimestamp() });
    if (audited) {
      const deleted = patch._deleted === true;
      const title = typeof before.title === 'string' ? before.title : null;
      recordDocChange(
        db,
        tx,
        {
          action: deleted ? 'listing.delete' : 'listing.edit',
          actorId: audited.actorId,
          targetUserId: typeof before.seller_id === 'string' ? before.seller_id : null,
          name: ['listing', title, deleted ? null : title],
          before,
          after: deleted ? null : next,
          keys: deleted ? ['track_id', 'price_tokens', 'price_usd', 'listing_type', 'is_active'] : Object.keys(patch),
        },
        audited.nowIso,
      );
    }
    return next;
  });
  return toListing(id, data);
}
