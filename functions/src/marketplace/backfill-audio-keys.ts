import { FieldPath, type DocumentReference, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { COL } from '../platform/firestore/collections';
import type { Deps } from '../platform/deps';
import { MediaError, probeAudio, sniffAudio } from '../platform/media/media';
import { audioKeys } from '../tracks/audio-keys';
import { chunks } from './audio-twins';
import { WITHOUT_ANSWER } from './listing-copy';
import { refreshAllListingCopies } from './refresh-copies';

/** Tracks read per page. */
const PAGE = 300;
/** Originals read and decoded per call at most: a few seconds each, within the scheduled run's time. */
export const ORIGINALS_PER_RUN = 100;
/** Firestore's limit on the writes of one batch. */
const BATCH_LIMIT = 500;

/** The content keys of a stored original: none when it is missing or not audio (the track's twins are then those of its path). */
async function storedAudioKeys(deps: Deps, audioPath: string): Promise<string[]> {
  const original = audioPath ? await deps.storage.get(audioPath) : null;
  const kind = original ? sniffAudio(original.data) : null;
  if (!original || !kind) return [];
  const samples = await probeAudio(deps.ffmpegPath, original.data, kind).then(
    (probed) => probed.samplesSha256,
    (err: unknown) => {
      if (err instanceof MediaError) return null;
      throw err;
    },
  );
  return audioKeys(original.data, samples);
}

/** Sets the keys of a track that still has none; false when it is gone or another run got there first. */
async function setKeys(db: Firestore, ref: DocumentReference, keys: string[]): Promise<boolean> {
  return db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists || Array.isArray(snap.get('audio_keys'))) return false;
    tx.update(ref, { audio_keys: keys });
    return true;
  });
}

/**
 * Gives tracks stored before content keys theirs (`audio_keys`, from their stored original), so
 * that a later upload of the same content is found to be their twin. Idempotent: tracks that have
 * keys are left alone, and the tracks of one upload share one read of their original. At most
 * `limit` originals per call; `done` once every track has keys.
 */
export async function backfillAudioKeys(deps: Deps, limit = ORIGINALS_PER_RUN): Promise<{ keyed: number; done: boolean }> {
  const keysByPath = new Map<string, string[]>();
  let keyed = 0;
  let cursor: DocumentSnapshot | undefined;
  for (;;) {
    let query = deps.db.collection(COL.tracks).orderBy(FieldPath.documentId()).limit(PAGE);
    if (cursor) query = query.startAfter(cursor);
    const page = await query.get();
    for (const doc of page.docs.filter((d) => !Array.isArray(d.get('audio_keys')))) {
      const path = String(doc.get('audio_path') ?? '');
      let keys = keysByPath.get(path);
      if (!keys) {
        if (keysByPath.size >= limit) return { keyed, done: false };
        keys = await storedAudioKeys(deps, path);
        keysByPath.set(path, keys);
      }
      if (await setKeys(deps.db, doc.ref, keys)) keyed++;
    }
    if (page.size < PAGE) return { keyed, done: true };
    cursor = page.docs.at(-1);
  }
}

/**
 * Tombstones of listings deleted before a deletion dropped the answer: they are replicated to
 * everyone and never refreshed, so their song type stayed readable while a contest track of the
 * same audio came later. Returns how many changed.
 */
async function clearTombstoneAnswers(db: Firestore): Promise<number> {
  const tombstones = await db.collection(COL.listings).where('_deleted', '==', true).get();
  const stale = tombstones.docs.filter((d) => d.get('song_type') != null || d.get('fool_rate') != null);
  for (const some of chunks(stale, BATCH_LIMIT)) {
    const batch = db.batch();
    // updatedAt is left as it is: devices that hold the tombstone have deleted the listing anyway.
    for (const d of some) batch.update(d.ref, WITHOUT_ANSWER);
    await batch.commit();
  }
  return stale.length;
}

/** app_config/content_twins: set once the tracks and listings stored before content twins are brought up to date. */
const backfillFlag = (db: Firestore) => db.collection(COL.appConfig).doc('content_twins');

/**
 * The deployed backfill (scheduled hourly in index.ts; the demo seed runs it too): keys the tracks
 * stored before content keys, ORIGINALS_PER_RUN per call; once all have keys, refreshes every
 * listing's copies (a content twin found now hides the listing's type) and clears the answer from
 * older tombstones, then costs one read per call. Returns how many tracks it keyed, or null once done.
 */
export async function ensureContentTwins(deps: Deps, nowIso: string): Promise<number | null> {
  if ((await backfillFlag(deps.db).get()).exists) return null;
  const { keyed, done } = await backfillAudioKeys(deps);
  if (!done) return keyed;
  await refreshAllListingCopies(deps.db);
  const tombstones = await clearTombstoneAnswers(deps.db);
  await backfillFlag(deps.db).set({ backfilled_at: nowIso, tombstones_cleared: tombstones });
  return keyed;
}
