import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import type { Request } from 'express';
import type { COL } from '../firestore/collections';
import { badRequest } from './errors';

const KEY = /^[A-Za-z0-9._:-]{1,100}$/;

/** The Idempotency-Key header, if sent: 1 to 100 letters, digits or . _ : - */
export function idempotencyKey(req: Request): string | null {
  const value = req.headers['idempotency-key'];
  if (value === undefined) return null;
  if (typeof value !== 'string' || !KEY.test(value)) {
    throw badRequest('Idempotency-Key must be 1 to 100 letters, digits or . _ : -');
  }
  return value;
}

/** The collections that keep the first response of keyed requests. */
export type KeyedResponses = typeof COL.submissionKeys | typeof COL.orderKeys | typeof COL.radioKeys;

/** {collection}/{uid}:{key}: the first response to a keyed request (field `response`), replayed for repeats. */
export const keyedResponseRef = (db: Firestore, collection: KeyedResponses, uid: string, key: string) =>
  db.collection(collection).doc(`${uid}:${key}`);

/** The response a keyed request already got, or null for a new key. */
export const priorResponse = <T>(snap: DocumentSnapshot): T | null => (snap.exists ? (snap.get('response') as T) : null);
