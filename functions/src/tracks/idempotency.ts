import type { Firestore } from 'firebase-admin/firestore';
import { COL } from '../platform/collections';
import { keyedResponseRef } from '../platform/idempotency';

/** submission_keys/{uid}:{key}: the first response to a keyed submission (platform/idempotency.ts). */
export const submissionKeyRef = (db: Firestore, uid: string, key: string) => keyedResponseRef(db, COL.submissionKeys, uid, key);
