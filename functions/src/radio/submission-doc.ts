import { randomBytes } from 'node:crypto';
import { FieldValue, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { RADIO_MSG } from '../../../common/radio/radio-messages';
import { RADIO_SUBMISSION_PUBLIC_FIELDS, radioSubmissionDoc, type RadioSubmission } from '../../../common/radio/radio';
import { COL } from '../platform/firestore/collections';
import { HttpError } from '../platform/http/errors';
import { parseStored, serverTime } from '../platform/firestore/typed-collection';

/**
 * radio_submissions/{id} as stored: the public document (common/radio/radio.ts) plus `_deleted`,
 * `updatedAt` and server-only markers that never leave the server:
 * - `upload_started_at`: an upload to the station is running (the claim against a second one);
 * - `station_requested_at`: when it was put on the station's own schedule (air-scheduled.ts);
 * - `station_playlist_id`: the station's id of that airing (AzuraCast: its playlist), taken off after it aired;
 * - `station_playlist_to_remove`: that id once the submission was turned down before it aired:
 *   the minute run takes the airing off the station, then clears it (air-scheduled.ts);
 * - `station_play_failures`: how many times in a row the station refused to schedule it;
 * - `station_key`: a random code of the music submission's station file (its name and, while it
 *   is a mystery, its album tag), so a mystery's file says nothing of its track;
 * - `station_mystery`: its station file (uploaded, or made for the manual download) is tagged as
 *   a mystery track and has not been renamed since (mystery.ts).
 */
const storedSubmission = z.object({
  ...radioSubmissionDoc.shape,
  updatedAt: serverTime,
  _deleted: z.boolean(),
  upload_started_at: z.string().nullish(),
  station_requested_at: z.string().nullish(),
  station_playlist_id: z.string().nullish(),
  station_playlist_to_remove: z.string().nullish(),
  station_play_failures: z.number().optional(),
  station_key: z.string().nullish(),
  station_mystery: z.boolean().optional(),
});
export type StoredRadioSubmission = Omit<z.infer<typeof storedSubmission>, 'updatedAt' | '_deleted'>;

export const radioRef = (db: Firestore, id: string) => db.collection(COL.radioSubmissions).doc(id);

/** What every write adds: replication reads changes by updatedAt. */
export const changed = () => ({ updatedAt: FieldValue.serverTimestamp() });

/** The stored submission of `snap`, parsed with its schema (the document id is its id). */
export const storedOf = (snap: DocumentSnapshot): StoredRadioSubmission => parseStored(storedSubmission, COL.radioSubmissions, snap.id, { ...snap.data(), id: snap.id });

/** The submission as the API answers with it: the public fields only. */
export function toSubmission(doc: StoredRadioSubmission): RadioSubmission {
  const out: Record<string, unknown> = { id: doc.id };
  for (const key of RADIO_SUBMISSION_PUBLIC_FIELDS) out[key] = (doc as Record<string, unknown>)[key] ?? null;
  return out as RadioSubmission;
}

/** Tags of a station file: what its now-playing shows; `album` set only on a mystery (its code). */
export type StationTags = { title: string; artist: string; album?: string };

/** A new station key: 16 hex digits of randomness, unrelated to the track. */
export const newStationKey = (): string => randomBytes(8).toString('hex');

/** The named tags: the track's title and artist (music), Advertisement and the ad's name. */
export function namedTags(doc: Pick<RadioSubmission, 'submission_type' | 'track_title' | 'track_artist'>): StationTags {
  if (doc.submission_type === 'advertisement') return { title: RADIO_MSG.advertisement, artist: doc.track_title ?? RADIO_MSG.advertisement };
  return { title: doc.track_title ?? '', artist: doc.track_artist ?? '' };
}

/** A mystery's tags: "Mystery track", no artist, and the file's own code as album (mysteries differ only there). */
export const mysteryTags = (key: string): StationTags => ({ title: RADIO_MSG.mysteryTrack, artist: '', album: key });

/** The tags the station file carries now (its now-playing shows them). */
export function stationTags(doc: Pick<StoredRadioSubmission, 'submission_type' | 'track_title' | 'track_artist' | 'station_key' | 'station_mystery'>): StationTags {
  return doc.station_mystery && doc.station_key ? mysteryTags(doc.station_key) : namedTags(doc);
}

/** A storage reference we may read: a relative path of our own storage (letters, digits, . _ - segments, no '..'). */
export function storagePathOf(ref: string): string {
  const ok = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(ref) && !ref.split('/').some((s) => s === '.' || s === '..');
  if (!ok) throw new HttpError(422, 'invalid_argument', RADIO_MSG.invalidStorageUrl);
  return ref;
}

/** An upload claim older than this is taken to be dead (the function's timeout is 120 s). */
export const UPLOAD_CLAIM_MS = 10 * 60 * 1000;

export const uploadRunning = (doc: StoredRadioSubmission, now: number): boolean =>
  Boolean(doc.upload_started_at) && now - Date.parse(doc.upload_started_at!) < UPLOAD_CLAIM_MS;

// Request shapes (strict: unknown fields are a 400), declared with the endpoints (common/api/radio.ts).
export { musicBody, scheduleBody, submissionIdParams, trackIdBody } from '../../../common/api/radio';
