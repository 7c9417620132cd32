import { FieldPath, type DocumentSnapshot } from 'firebase-admin/firestore';
import { COL } from '../platform/firestore/collections';
import type { Deps } from '../platform/deps';
import { printDoc, printOfOriginal } from '../tracks/acoustic-twins';
import { ORIGINALS_PER_RUN } from './backfill-audio-keys';

/** Tracks read per page. */
const PAGE = 300;

/**
 * Gives tracks stored before acoustic fingerprints theirs (tracks/acoustic-twins.ts), from their
 * stored originals, so a re-encoded copy entered later finds them: the print once per original
 * (audio_prints/{first track's id}), its keys on every track of it. A track whose original is
 * missing or does not decode gets no keys (`print_keys: []`: nothing to compare). Idempotent; at
 * most `limit` originals per call; `done` once every track has keys. (The CMS computes a
 * track's print itself when it needs one first: cms/track-write.ts contestEntryGuard.)
 */
export async function backfillAudioPrints(deps: Deps, nowIso: string, limit = ORIGINALS_PER_RUN): Promise<{ printed: number; done: boolean }> {
  const { db } = deps;
  const printOfPath = new Map<string, { id: string; keys: string[] } | null>();
  let printed = 0;
  let cursor: DocumentSnapshot | undefined;
  for (;;) {
    let query = db.collection(COL.tracks).orderBy(FieldPath.documentId()).limit(PAGE);
    if (cursor) query = query.startAfter(cursor);
    const page = await query.get();
    for (const doc of page.docs.filter((d) => !Array.isArray(d.get('print_keys')))) {
      const path = String(doc.get('audio_path') ?? '');
      if (!printOfPath.has(path)) {
        if (printOfPath.size >= limit) return { printed, done: false };
        const prepared = await printOfOriginal(deps, path);
        if (prepared) await db.collection(COL.audioPrints).doc(doc.id).set(printDoc(prepared.print, nowIso));
        printOfPath.set(path, prepared ? { id: doc.id, keys: prepared.keys } : null);
      }
      const print = printOfPath.get(path);
      await doc.ref.update(print ? { print_keys: print.keys, print_id: print.id } : { print_keys: [] });
      printed++;
    }
    if (page.size < PAGE) return { printed, done: true };
    cursor = page.docs.at(-1);
  }
}
