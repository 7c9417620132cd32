import type { RequestHandler, Response } from 'express';
import { compareCodeUnits } from '../../../common/format';
import { SELECT_TRACK_MESSAGE } from '../../../common/marketplace/marketplace-messages';
import { COL } from '../platform/firestore/collections';
import { requireCaller } from '../platform/http/auth';
import type { Deps } from '../platform/deps';
import { badRequest, notFound } from '../platform/http/errors';
import { parse } from '../platform/http/validate';
import { activeInput, createListingInput, editListingInput, listingIdParams } from './listing-schemas';
import { WITHOUT_ANSWER } from './listing-copy';
import { insertListing, listableTrack, PREVIEW_URL_SECONDS, toListing, updateListing, type Audited } from './listing-write';

/** The CMS caller, for the change's audit entry. */
const audited = (deps: Deps, res: Response): Audited => ({ actorId: requireCaller(res).uid, nowIso: new Date(deps.now()).toISOString() });

const bodyOf = (body: unknown): Record<string, unknown> =>
  typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

/** POST /api/marketplace/listings — admin; a listing for an approved track, spec defaults filled in. */
export const createListing =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const body = bodyOf(req.body);
    if (body.track_id === undefined || body.track_id === null || body.track_id === '') throw badRequest(SELECT_TRACK_MESSAGE);
    const input = parse(createListingInput, body);
    res.status(201).json({ listing: await insertListing(deps, input, audited(deps, res)) });
  };

/** POST /api/marketplace/listings/:id — admin; changes prices, types and accepted payments. */
export const editListing =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const { id } = parse(listingIdParams, req.params);
    const input = parse(editListingInput, bodyOf(req.body));
    const patch = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
    res.json({ listing: await updateListing(deps.db, id, patch, audited(deps, res)) });
  };

/** POST /api/marketplace/listings/:id/active { is_active } — admin. */
export const setListingActive =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const { id } = parse(listingIdParams, req.params);
    const { is_active } = parse(activeInput, req.body ?? {});
    // Back on sale only while its track can be listed (approved, marketplace).
    if (is_active) {
      const listing = await deps.db.collection(COL.listings).doc(id).get();
      if (listing.exists && listing.get('_deleted') !== true) await listableTrack(deps, String(listing.get('track_id')));
    }
    // The CMS's choice from now on: a listing it sets inactive is not put back on sale with its track.
    res.json({ listing: await updateListing(deps.db, id, { is_active, off_sale: null }, audited(deps, res)) });
  };

/**
 * POST /api/marketplace/listings/:id/delete — admin; a tombstone so replication removes it. It
 * is replicated to everyone and never refreshed again, so it drops the answer (WITHOUT_ANSWER):
 * a contest track of the same audio may come later.
 */
export const deleteListing =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const { id } = parse(listingIdParams, req.params);
    await updateListing(deps.db, id, { _deleted: true, is_active: false, ...WITHOUT_ANSWER }, audited(deps, res));
    res.json({ deleted: true });
  };

/** GET /api/marketplace/listings/all — admin; every live listing (active or not), newest first. */
export const listAllListings =
  (deps: Deps): RequestHandler =>
  async (_req, res) => {
    const snap = await deps.db.collection(COL.listings).where('_deleted', '==', false).get();
    const listings = snap.docs.map((d) => toListing(d.id, d.data())).sort((a, b) => compareCodeUnits(b.created_at, a.created_at) || compareCodeUnits(b.id, a.id));
    res.json({ listings });
  };

/** GET /api/marketplace/eligible-tracks — admin; approved marketplace tracks without a live listing, for the CMS track picker. */
export const eligibleTracks =
  (deps: Deps): RequestHandler =>
  async (_req, res) => {
    const [snap, listed] = await Promise.all([
      deps.db.collection(COL.tracks).where('status', '==', 'approved').where('submission_type', '==', 'marketplace').get(),
      deps.db.collection(COL.listings).where('_deleted', '==', false).get(),
    ]);
    // A listed track is not offered again (one listing per track; edit that one).
    const taken = new Set(listed.docs.map((d) => String(d.get('track_id'))));
    const tracks = snap.docs
      .filter((d) => !taken.has(d.id))
      .map((d) => ({
        id: d.id,
        title: String(d.get('title')),
        artist_name: String(d.get('artist_name')),
      }))
      .sort((a, b) => a.title.localeCompare(b.title));
    res.json({ tracks });
  };

/**
 * GET /api/marketplace/listings/:id/preview — anyone; redirects to a signed URL (3600 s) of the
 * track's preview file (never the original, never the clip). 404 when the listing is inactive or
 * deleted, its track is not approved, or the track has no preview.
 */
export const previewListing =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const { id } = parse(listingIdParams, req.params);
    const listing = await deps.db.collection(COL.listings).doc(id).get();
    if (!listing.exists || listing.get('_deleted') === true || listing.get('is_active') !== true) throw notFound('Listing not found');
    const track = await deps.db.collection(COL.tracks).doc(String(listing.get('track_id'))).get();
    const path = track.get('preview_path') as unknown;
    if (!track.exists || track.get('status') !== 'approved' || typeof path !== 'string' || !path) throw notFound('No preview for this listing');
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(302, await deps.storage.signedUrl(path, PREVIEW_URL_SECONDS));
  };
