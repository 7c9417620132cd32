import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { SUBMISSION_MESSAGES as M } from '../../../common/radio/submission';
import { chunks, IN_LIMIT, sameAudio, type TrackAudio } from '../marketplace/audio-twins';
import { COL } from '../platform/firestore/collections';
import type { Deps } from '../platform/deps';
import { conflict } from '../platform/http/errors';
import { decodeMonoPcm, MediaError, sniffAudio } from '../platform/media/media';
import { decodePrint, encodePrint, fingerprint, KEY_COUNT, LOCK_KEY_COUNT, LOOKUP_KEY_COUNT, PRINT_SAMPLE_RATE, printKeys, samePrint, type AudioPrint } from './fingerprint';
import { converter } from '../platform/firestore/typed-collection';
import { tracksCol, type TrackDoc } from './track-doc';

/**
 * Acoustic twins: a contest entry whose audio sounds the same as another contest track, or as a
 * song listed with its type shown, by the fingerprint of tracks/fingerprint.ts (Haitsma &
 * Kalker, ISMIR 2002), which a re-encoding, a trim or a gain change does not change much. Exact
 * copies are also refused by their content keys (contest-audio.ts) before this runs.
 *
 * Stored: each upload's print in audio_prints/{print_id} (bytes, about 8 bytes per 11.6 ms of
 * audio, at most PRINT_MAX_SECONDS), and on each track its `print_keys` (KEY_COUNT values), so a
 * new recording finds its candidates with two `array-contains-any` queries by its
 * LOOKUP_KEY_COUNT keys, and only those candidates' prints are read and compared.
 */

/** Audio fingerprinted: the first five minutes (a copy of more is a copy of these too). */
export const PRINT_MAX_SECONDS = 300;

/** A recording's print as the submission computed it: the print, the keys stored on its tracks, and the (more) keys it looks others up by. */
export type PreparedPrint = { print: AudioPrint; keys: string[]; lookup: string[] };

/** The print of an audio file (any format ffmpeg reads). Rejects with MediaError when it does not decode. */
export async function computePrint(ffmpegPath: string, data: Buffer, ext: string): Promise<PreparedPrint> {
  const fresh = fingerprint(await decodeMonoPcm(ffmpegPath, data, ext, PRINT_SAMPLE_RATE, PRINT_MAX_SECONDS));
  return { print: { bits: fresh.bits, strong: fresh.strong }, keys: printKeys(fresh, KEY_COUNT), lookup: printKeys(fresh, LOOKUP_KEY_COUNT) };
}

/** The stored print document of an upload. */
export const printDoc = (print: AudioPrint, nowIso: string) => ({ print: encodePrint(print), created_at: nowIso });

/** audio_prints/{id} as stored (Firestore reads bytes back as a Buffer, a Uint8Array). */
const storedPrint = z.object({ print: z.instanceof(Uint8Array), created_at: z.string() });
const printsCol = (db: Firestore) => db.collection(COL.audioPrints).withConverter(converter(storedPrint, COL.audioPrints));

/** What is checked: a recording's print, the keys to look it up by, its audio (for its content twins) and the ids of its own tracks. */
export type PrintSubject = { print: AudioPrint; lookup: string[]; keys: string[]; audio: TrackAudio; ownIds: readonly string[] };

/** The stored tracks whose prints sound like the subject's (its own tracks left out). Reads in `tx`. */
async function acousticTwins(db: Firestore, tx: Transaction, subject: PrintSubject): Promise<TrackDoc[]> {
  if (subject.lookup.length === 0) return [];
  const snaps = await Promise.all(chunks(subject.lookup, IN_LIMIT).map((some) => tx.get(tracksCol(db).where('print_keys', 'array-contains-any', some))));
  const byId = new Map(snaps.flatMap((s) => s.docs).map((d) => [d.id, d.data()]));
  const candidates = [...byId.values()].filter((t) => !subject.ownIds.includes(t.id) && typeof t.print_id === 'string');
  const printIds = [...new Set(candidates.map((t) => t.print_id!))];
  if (printIds.length === 0) return [];
  const prints = await tx.getAll(...printIds.map((id) => printsCol(db).doc(id)));
  const same = new Set(
    prints.flatMap((p) => {
      const stored = p.data();
      return stored && samePrint(subject.print, decodePrint(stored.print).bits) ? [p.id] : [];
    }),
  );
  return candidates.filter((t) => same.has(t.print_id!));
}

/**
 * Refuses (409) a contest entry, a re-approval or a move to the contest when the audio sounds the
 * same as another contest track (whatever its status, as contest-audio.ts) or as a track whose
 * live listing shows its type. A content twin's listing (the same upload, or the same samples) is
 * not refused: it hides its type by itself while the entry is in the contest (listing-copy.ts).
 * Reads in `tx`, including the contest_prints locks of the subject's strongest keys: concurrent
 * entries of twins share some of them (fingerprint.test.ts), so one commits first and the others, run again, find its track. Returns the
 * writes that take the locks, to queue after the transaction's other reads.
 */
export async function refuseAcousticTwins(db: Firestore, tx: Transaction, subject: PrintSubject, trackId: string, nowIso: string): Promise<() => void> {
  const locks = subject.keys.slice(0, LOCK_KEY_COUNT).map((key) => db.collection(COL.contestPrints).doc(key));
  const [twins] = await Promise.all([acousticTwins(db, tx, subject), locks.length > 0 ? tx.getAll(...locks) : Promise.resolve([])]);
  if (twins.some((t) => t.submission_type === 'contest')) throw conflict(M.soundsLikeContestTrack);
  const listed = twins.filter((t) => !sameAudio(subject.audio, t)).map((t) => t.id);
  const listings = await Promise.all(chunks(listed, IN_LIMIT).map((ids) => tx.get(db.collection(COL.listings).where('track_id', 'in', ids))));
  if (listings.some((s) => s.docs.some((d) => d.get('_deleted') !== true && d.get('song_type') != null))) throw conflict(M.soundsLikeListing);
  return () => locks.forEach((ref) => tx.set(ref, { track_id: trackId, taken_at: nowIso }));
}

/**
 * A stored track as a subject: its stored print, or (a track stored before prints) one computed
 * now from its original and stored, so the next check reads it. Null when the original is
 * missing or does not decode: nothing to compare.
 */
export async function trackSubject(deps: Deps, track: TrackDoc, nowIso: string): Promise<PrintSubject | null> {
  const { db } = deps;
  const audio = { audio_path: track.audio_path, audio_keys: track.audio_keys };
  if (track.print_id && Array.isArray(track.print_keys)) {
    const stored = (await printsCol(db).doc(track.print_id).get()).data();
    if (stored) {
      // The stored keys are the lookup: a stored track's copies were stored with theirs.
      return { print: decodePrint(stored.print), lookup: track.print_keys.slice(0, LOOKUP_KEY_COUNT), keys: track.print_keys, audio, ownIds: [track.id] };
    }
  }
  const prepared = await printOfOriginal(deps, track.audio_path);
  if (!prepared) return null;
  await storeTrackPrint(db, track.id, prepared, nowIso);
  return { ...prepared, audio, ownIds: [track.id] };
}

/** The print of a stored original; null when it is missing or not audio that decodes. */
export async function printOfOriginal(deps: Deps, audioPath: string): Promise<PreparedPrint | null> {
  const original = audioPath ? await deps.storage.get(audioPath) : null;
  const kind = original ? sniffAudio(original.data) : null;
  if (!original || !kind) return null;
  return computePrint(deps.ffmpegPath, original.data, kind).catch((err: unknown) => {
    if (err instanceof MediaError) return null;
    throw err;
  });
}

/** Stores a track's print under its own id and names it on the track (a track stored before prints). */
export async function storeTrackPrint(db: Firestore, trackId: string, prepared: PreparedPrint, nowIso: string): Promise<void> {
  const batch = db.batch();
  batch.set(db.collection(COL.audioPrints).doc(trackId), printDoc(prepared.print, nowIso));
  batch.update(db.collection(COL.tracks).doc(trackId), { print_keys: prepared.keys, print_id: trackId });
  await batch.commit();
}
