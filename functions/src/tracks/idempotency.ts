import { COL } from '../platform/collections';
import type { Firestore } from 'firebase-admin/firestore';
import type { Request } from 'express';
import type { SubmissionResult } from '../../../common/submission';
import { badRequest } from '../platform/errors';

/** submission_keys/{uid}:{key}: the first response to a keyed submission, replayed for repeats. */

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

export const submissionKeyRef = (db: Firestore, uid: string, key: string) => db.collection(COL.submissionKeys).doc(`${uid}:${key}`);

export async function priorResponse(db: Firestore, uid: string, key: string): Promise<SubmissionResult | null> {
  const snap = await submissionKeyRef(db, uid, key).get();
  return snap.exists ? (snap.get('response') as SubmissionResult) : null;
}
