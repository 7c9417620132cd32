import type { RequestHandler } from 'express';
import { LICENCE_URL_SECONDS, ORDER_MSG } from '../../../common/marketplace/orders';
import { requireCaller } from '../platform/http/auth';
import { COL } from '../platform/firestore/collections';
import type { Deps } from '../platform/deps';
import { forbidden, notFound } from '../platform/http/errors';
import { parse } from '../platform/http/validate';
import { previewPathOf } from '../marketplace/backfill-previews';
import { tracksCol } from '../tracks/track-doc';
import { certificateInput } from './certificate-input';
import { licenceCertificate } from './certificate';
import { expireIfDue, isDue, orderIdParams, orderRef, ownOrder, toOrder, type OrderDoc } from './order-doc';

/** The caller's order (buyer or seller), expired first if its deadline has passed; 404 for anyone else. */
async function readOwnOrder(deps: Deps, uid: string, id: string): Promise<OrderDoc> {
  const ref = orderRef(deps.db, id);
  const data = ownOrder((await ref.get()).data(), uid);
  const expired = isDue(data, deps.now()) ? await expireIfDue(deps.db, ref, deps.now()) : null;
  return expired ? { ...data, ...expired } : data;
}

/** The buyer's approved order: what a licence download needs. */
async function readLicence(deps: Deps, uid: string, id: string): Promise<OrderDoc> {
  const order = await readOwnOrder(deps, uid, id);
  if (order.buyer_id !== uid) throw forbidden(ORDER_MSG.onlyBuyerLicence);
  if (order.status !== 'APPROVED') throw forbidden(ORDER_MSG.notLicensed);
  return order;
}

/** GET /api/orders/:id — one of the caller's orders. */
export const getOrder =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const caller = requireCaller(res);
    const { id } = parse(orderIdParams, req.params);
    res.json({ order: toOrder(id, await readOwnOrder(deps, caller.uid, id)) });
  };

/**
 * GET /api/orders/:id/download — a signed URL (3600 s) of what the licence is for, for its
 * licensee: the full-quality original for a full-version licence, the listing's preview (30 s,
 * lower bitrate, cut now if the track has none yet) for a preview-version one.
 */
export const downloadLicensedTrack =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const caller = requireCaller(res);
    const { id } = parse(orderIdParams, req.params);
    const order = await readLicence(deps, caller.uid, id);
    const track = (await tracksCol(deps.db).doc(order.track_id).get()).data() ?? null;
    const preview = order.version_type === 'preview';
    const path = !track ? null : preview ? await previewPathOf(deps, track) : track.audio_path;
    if (!path) throw notFound('The track is no longer available');
    const ext = path.split('.').pop() ?? 'mp3';
    const name = `${order.artist_name} - ${order.title}${preview ? ' (preview)' : ''}.${ext}`.replace(/[/\\]/g, '_');
    res.json({ url: await deps.storage.signedUrl(path, LICENCE_URL_SECONDS, name), expires_in: LICENCE_URL_SECONDS });
  };

/** GET /api/orders/:id/certificate — the licence certificate PDF, as often as the licensee wants it. */
export const downloadCertificate =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const caller = requireCaller(res);
    const { id } = parse(orderIdParams, req.params);
    const order = await readLicence(deps, caller.uid, id);
    const profile = await deps.db.collection(COL.profiles).doc(order.buyer_id).get();
    const pdf = await licenceCertificate(certificateInput(id, order, profile.data() ?? {}));
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `attachment; filename="licence-${id}.pdf"`);
    res.setHeader('Cache-Control', 'private, no-store');
    res.send(Buffer.from(pdf));
  };

/** GET /api/orders/:id/proof — a signed URL of the payment proof, for the buyer and the seller. */
export const viewProof =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const caller = requireCaller(res);
    const { id } = parse(orderIdParams, req.params);
    const order = await readOwnOrder(deps, caller.uid, id);
    if (!order.proof_path) throw notFound('No payment proof was uploaded');
    res.json({ url: await deps.storage.signedUrl(order.proof_path, LICENCE_URL_SECONDS) });
  };
