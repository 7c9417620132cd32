import { FieldPath, type DocumentSnapshot, type Firestore, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { COL } from './collections';

/** A stored text field as the CMS shows it: the text, or null when it is missing, empty or not text. */
export const textOrNull = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** The profiles of `uids` (each read once, all in one request), by uid; no request for none. */
export async function profilesById(db: Firestore, uids: readonly string[]): Promise<Map<string, DocumentSnapshot>> {
  const unique = [...new Set(uids)];
  if (unique.length === 0) return new Map();
  const snaps = await db.getAll(...unique.map((uid) => db.collection(COL.profiles).doc(uid)));
  return new Map(snaps.map((p) => [p.id, p]));
}

/**
 * Every document of `collection`, a page of `size` at a time in document-id order (the one-off
 * backfills walk whole collections this way): each page is handed over before the next is read.
 */
export async function* pagesById(db: Firestore, collection: string, size: number): AsyncGenerator<QueryDocumentSnapshot[]> {
  let after: DocumentSnapshot | undefined;
  for (;;) {
    let query = db.collection(collection).orderBy(FieldPath.documentId()).limit(size);
    if (after) query = query.startAfter(after);
    const page = await query.get();
    if (page.size > 0) yield page.docs;
    if (page.size < size) return;
    after = page.docs.at(-1);
  }
}
