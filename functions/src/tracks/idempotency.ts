import type { Firestore } from 'firebase-admin/firestore';
import { COL } from '../platform/firestore/collections';
import { keyedResponseRef } from '../platform/http/idempotency';

/** submission_keys/{uid}:{key}: the first response to a keyed submission (platform/http/idempotency.ts). */
export const submissionKeyRef = (db: Firestore, uid: string, key: string) => keyedResponseRef(db, COL.submissionKeys, uid, key);
