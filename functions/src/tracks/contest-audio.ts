import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { SUBMISSION_MESSAGES as M } from '../../../common/radio/submission';
import { COL } from '../platform/firestore/collections';
import { conflict } from '../platform/http/errors';

/**
 * One contest entry per recording: two entries of the same audio would tell a voter who voted on
 * one the other's answer, and count one song twice on the boards. A recording is known by its
 * content keys (audio-keys.ts), and it is held by any contest track that shares one, whatever
 * its status (a rejected track can be approved again), until that track is deleted.
 * Reads in `tx` and refuses with a 409 when the audio is held; returns the writes that take it,
 * to queue after the transaction's other reads. contest_audio/{key} is the lock: concurrent
 * submissions of one recording all read and write it, so one commits first and the others, run
 * again, find its track.
 */
export async function claimContestAudio(db: Firestore, tx: Transaction, keys: readonly string[], trackId: string, nowIso: string): Promise<() => void> {
  if (keys.length === 0) return () => {};
  const locks = keys.map((key) => db.collection(COL.contestAudio).doc(key));
  const [, sameAudio] = await Promise.all([tx.getAll(...locks), tx.get(db.collection(COL.tracks).where('audio_keys', 'array-contains-any', keys))]);
  if (sameAudio.docs.some((d) => d.get('submission_type') === 'contest')) throw conflict(M.audioInContest);
  return () => locks.forEach((ref) => tx.set(ref, { track_id: trackId, taken_at: nowIso }));
}
