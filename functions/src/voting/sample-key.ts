import { randomInt } from 'node:crypto';
import { FieldPath, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { COL } from '../platform/collections';

const KEY_RANGE = 2 ** 47;
/** Tracks read per page of the backfill. */
const BACKFILL_PAGE = 300;

/** A track's sampling key (`rand`): uniform in [0, 1), set when the track is stored. */
export const newSampleKey = (): number => randomInt(KEY_RANGE) / KEY_RANGE;

/**
 * Gives every track stored before sampling keys existed a `rand` (one-off, idempotent: tracks
 * that have one are left alone). Until then such a track is never offered in a session; a CMS
 * edit or moderation of it also gives it one. Returns how many tracks it changed.
 */
export async function backfillSampleKeys(db: Firestore): Promise<number> {
  let changed = 0;
  let cursor: DocumentSnapshot | undefined;
  for (;;) {
    let query = db.collection(COL.tracks).orderBy(FieldPath.documentId()).limit(BACKFILL_PAGE);
    if (cursor) query = query.startAfter(cursor);
    const page = await query.get();
    const missing = page.docs.filter((d) => typeof d.get('rand') !== 'number');
    if (missing.length > 0) {
      const batch = db.batch();
      for (const d of missing) batch.update(d.ref, { rand: newSampleKey() });
      await batch.commit();
      changed += missing.length;
    }
    if (page.size < BACKFILL_PAGE) return changed;
    cursor = page.docs.at(-1);
  }
}
