import type { RequestHandler } from 'express';
import { pullQuery } from '../../../common/api/sync';
import { callerOf, viewerOf } from '../platform/http/auth';
import type { Deps } from '../platform/deps';
import { parse } from '../platform/http/validate';
import { expireDueOrders } from '../orders/expire-orders';
import { afterCheckpoint, checkpointOf, collectionParams, needsRoles, toClientDoc, visibleQuery } from './registry';


/** GET /api/sync/:collection/pull?id&updatedAt&limit — the caller's documents after a checkpoint. */
export const pull =
  (deps: Deps): RequestHandler =>
  async (req, res) => {
    const { collection } = parse(collectionParams, req.params);
    const q = parse(pullQuery, req.query);
    const checkpoint = q.id !== undefined && q.updatedAt !== undefined ? { id: q.id, updatedAt: q.updatedAt } : null;
    const uid = callerOf(res)?.uid ?? null;
    const viewer = await viewerOf(deps, uid, needsRoles([collection]));
    // Expiry on read: the caller's unpaid cash orders past their deadline end before they are sent.
    if (collection === 'orders' && uid) await expireDueOrders(deps, uid);
    const query = visibleQuery(deps.db, collection, viewer);
    if (!query) {
      res.json({ documents: [], checkpoint });
      return;
    }
    const snap = await afterCheckpoint(query, checkpoint).limit(q.limit).get();
    const last = snap.docs.at(-1);
    res.json({
      documents: snap.docs.map((d) => toClientDoc(collection, d)),
      checkpoint: last ? checkpointOf(last) : checkpoint,
    });
  };
