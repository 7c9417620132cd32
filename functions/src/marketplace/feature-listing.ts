import { FieldValue } from 'firebase-admin/firestore';
import type { RequestHandler } from 'express';
import { featureInput } from '../../../common/api/marketplace';
import { MARKETPLACE_FEATURE_MSG } from '../../../common/marketplace/marketplace-messages';
import { ORDER_MSG } from '../../../common/marketplace/orders';
import { requireCaller } from '../platform/http/auth';
import { COL } from '../platform/firestore/collections';
import type { Deps } from '../platform/deps';
import { badRequest, conflict, forbidden, notFound } from '../platform/http/errors';
import { parse } from '../platform/http/validate';
import { readBalance, writeLedgerEntry } from '../tokens/ledger';
import { checkShownPrice, readPricing } from '../tokens/pricing';
import { listingIdParams } from './listing-schemas';
import { toListing } from './listing-write';
import { searchFieldsPatch } from './search-fields';

/** `token_cost`: the price the seller saw, refused (409) when it is not the price now. */

/**
 * POST /api/marketplace/listings/:id/feature — the listing's seller upgrades it to featured
 * (shown in Featured Tracks) for app_config's marketplace.featured price, read in the same
 * transaction as the charge and the change. Once only: a featured listing is refused (409), so
 * concurrent or repeated requests charge once. Anyone but the seller: 403.
 */
export const featureListing =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const caller = requireCaller(res);
    const { id } = parse(listingIdParams, req.params);
    const { token_cost } = parse(featureInput, req.body ?? {});
    const { db } = deps;
    const ref = db.collection(COL.listings).doc(id);
    const out = await db.runTransaction(async (tx) => {
      const [snap, balance, pricing] = await Promise.all([tx.get(ref), readBalance(db, tx, caller.uid), readPricing(db, tx)]);
      if (!snap.exists || snap.get('_deleted') === true) throw notFound('Listing not found');
      if (snap.get('seller_id') !== caller.uid) throw forbidden(MARKETPLACE_FEATURE_MSG.sellerOnly);
      if (snap.get('listing_type') === 'featured') throw conflict(MARKETPLACE_FEATURE_MSG.alreadyFeatured);
      // Nobody pays to feature a listing that is off sale (set inactive, or its track rejected or deleted).
      if (snap.get('is_active') !== true) throw badRequest(ORDER_MSG.listingInactive);
      const cost = Math.max(0, Math.floor(pricing.marketplace.featured));
      checkShownPrice(token_cost, cost, MARKETPLACE_FEATURE_MSG.costChanged);
      const nowIso = new Date(deps.now()).toISOString();
      const after = cost > 0 ? writeLedgerEntry(db, tx, balance, { userId: caller.uid, delta: -cost, reason: 'featured_listing', ref: id }, nowIso) : balance;
      const before = snap.data() ?? {};
      tx.update(ref, { listing_type: 'featured', ...searchFieldsPatch(before, { ...before, listing_type: 'featured' }), updatedAt: FieldValue.serverTimestamp() });
      return { listing: toListing(id, { ...snap.data(), listing_type: 'featured' }), cost, balance: after };
    });
    res.json(out);
  };
