import type { Deps } from '../platform/deps';
import { addCounts, deltasCol, globalInsightsRef } from './aggregates';

/** Deltas added per transaction (each is read, then deleted: under Firestore's 500 writes), and the most pages one refresh takes. */
const PAGE = 200;
const MAX_PAGES = 25;

/**
 * Adds the insight deltas the rollups wrote since the last refresh into insights/global and
 * deletes them, a page per transaction: its cost follows the tracks rolled up since, not the
 * votes ever cast. A delta added by one refresh is gone for the next (read and deleted in the
 * same transaction), so none counts twice. Returns how many it added.
 */
export async function refreshInsights(deps: Deps): Promise<number> {
  const { db } = deps;
  let added = 0;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const found = await deltasCol(db).orderBy('created_at').limit(PAGE).get();
    if (found.empty) break;
    added += await db.runTransaction(async (tx) => {
      const [global, deltas] = await Promise.all([tx.get(globalInsightsRef(db)), tx.getAll(...found.docs.map((d) => d.ref))]);
      const present = deltas.filter((d) => d.exists);
      if (present.length === 0) return 0;
      const stored = global.data();
      tx.set(globalInsightsRef(db), {
        counts: addCounts(stored?.counts, ...present.map((d) => d.data()!.counts)),
        updated_at: new Date(deps.now()).toISOString(),
      });
      for (const d of present) tx.delete(d.ref);
      return present.length;
    });
    if (found.size < PAGE) break;
  }
  return added;
}
