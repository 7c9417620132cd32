import { randomInt } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { COL } from '../platform/firestore/collections';
import { pagesById } from '../platform/firestore/doc-reads';

const KEY_RANGE = 2 ** 47;
/** Tracks read per page of the backfill. */
const BACKFILL_PAGE = 300;

/** A track's sampling key (`rand`): uniform in [0, 1), set when the track is stored. */
export const newSampleKey = (): number => randomInt(KEY_RANGE) / KEY_RANGE;

/**
 * Gives every track stored before sampling keys existed a `rand` (one-off, idempotent: tracks
 * that have one are left alone). Until then such a track is never offered in a session; a CMS
 * edit or moderation of it also gives it one; a deployment runs it through ensureSampleKeys.
 * Returns how many tracks it changed.
 */
export async function backfillSampleKeys(db: Firestore): Promise<number> {
  let changed = 0;
  for await (const page of pagesById(db, COL.tracks, BACKFILL_PAGE)) {
    const missing = page.filter((d) => typeof d.get('rand') !== 'number');
    if (missing.length === 0) continue;
    const batch = db.batch();
    for (const d of missing) batch.update(d.ref, { rand: newSampleKey() });
    await batch.commit();
    changed += missing.length;
  }
  return changed;
}

/** app_config/sample_keys: set once every track stored before sampling keys existed has one. */
const backfillFlag = (db: Firestore) => db.collection(COL.appConfig).doc('sample_keys');

/**
 * The deployed backfill: runs backfillSampleKeys until it has completed once, then costs one
 * read per call (scheduled hourly in index.ts). New tracks get their key when stored.
 */
export async function ensureSampleKeys(db: Firestore, nowIso: string): Promise<number | null> {
  if ((await backfillFlag(db).get()).exists) return null;
  const changed = await backfillSampleKeys(db);
  await backfillFlag(db).set({ backfilled_at: nowIso, tracks_changed: changed });
  return changed;
}
