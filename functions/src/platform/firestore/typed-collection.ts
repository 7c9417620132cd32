import { FieldValue, Timestamp, type DocumentData, type DocumentReference, type DocumentSnapshot, type Firestore, type FirestoreDataConverter, type PartialWithFieldValue, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { z } from 'zod';
import { safeParse, type $ZodType, type output } from 'zod/v4/core';
import { log } from '../log';

/**
 * A stored document that does not match its schema (written by an older or broken writer, or by
 * hand). It is not the caller's input: the API logs it (`stored_doc_invalid`) where it is read and
 * answers a plain 500 (platform/http/errors.ts), never a value made up from the wrong fields.
 */
export class StoredDocError extends Error {
  constructor(
    readonly collection: string,
    readonly id: string,
    readonly issues: string[],
  ) {
    super(`${collection}/${id} does not match its schema: ${issues.join('; ')}`);
    this.name = 'StoredDocError';
  }
}

/** Where each field went wrong, as `path: message` (the stored values stay out of the log). */
const issuesOf = (error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string[] =>
  error.issues.map((i) => `${i.path.map(String).join('.') || '(document)'}: ${i.message}`);

/** `data` of `collection/id` parsed with `schema`; a mismatch is logged and thrown as a StoredDocError. */
export function parseStored<S extends $ZodType>(schema: S, collection: string, id: string, data: unknown): output<S> {
  const parsed = safeParse(schema, data);
  if (parsed.success) return parsed.data;
  const issues = issuesOf(parsed.error);
  log.storedDocInvalid(collection, id, issues);
  throw new StoredDocError(collection, id, issues);
}

/**
 * A converter (`ref.withConverter(...)`) whose reads parse the document with `schema`. With
 * `withId`, the document's id is parsed as its `id` field (documents that carry their own id).
 * Writes go through as given: the writers' types say what is written, and FieldValue sentinels
 * (serverTimestamp, increment) must reach Firestore untouched.
 */
export function converter<S extends $ZodType>(schema: S, collection: string, opts: { withId?: boolean } = {}): FirestoreDataConverter<output<S>> {
  return {
    toFirestore: (model: PartialWithFieldValue<output<S>>) => model as DocumentData,
    fromFirestore: (snap: QueryDocumentSnapshot) => parseStored(schema, collection, snap.id, opts.withId ? { ...snap.data(), id: snap.id } : snap.data()),
  };
}

/**
 * `db.getAll` of references of one converter, typed as they read: firebase-admin declares
 * Firestore.getAll without the model type (Transaction.getAll has it), though each snapshot reads
 * through its reference's converter.
 */
export const getAllOf = <T>(db: Firestore, refs: readonly DocumentReference<T>[]): Promise<DocumentSnapshot<T>[]> =>
  refs.length === 0 ? Promise.resolve([]) : (db.getAll(...(refs as readonly DocumentReference[])) as Promise<DocumentSnapshot<T>[]>);

/** A server timestamp as read back (a Timestamp); its type admits the sentinel that writes it. */
export const serverTime = z.custom<Timestamp | FieldValue>((v) => v instanceof Timestamp, 'Expected a Firestore timestamp');
