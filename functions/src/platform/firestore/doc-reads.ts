import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
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
