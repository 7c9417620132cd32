import type { Firestore, Query } from 'firebase-admin/firestore';
import type { SubmissionRoute } from '../../../common/contest/contest';
import { tracksCol, type TrackDoc } from '../tracks/track-doc';

/** What says which audio a track is: the stored original it was made from, and its content keys. */
export type TrackAudio = Pick<TrackDoc, 'audio_path' | 'audio_keys'>;

/** Firestore's limit on the values of an `in` or `array-contains-any` filter. */
export const IN_LIMIT = 30;

export const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/**
 * Whether two tracks are of the same audio, so that one answers the other's clip: made from one
 * upload (a both-routes submission shares its stored original), or from separate uploads of the
 * same content (a shared content key). Tracks stored before content keys match by path only.
 */
export function sameAudio(a: TrackAudio, b: TrackAudio): boolean {
  return a.audio_path === b.audio_path || (a.audio_keys ?? []).some((key) => b.audio_keys?.includes(key));
}

/** Every stored track (of `route`, if given) of the same audio as one of `audios`, themselves included. */
export async function tracksOfSameAudio(db: Firestore, audios: readonly TrackAudio[], route?: SubmissionRoute): Promise<TrackDoc[]> {
  const paths = [...new Set(audios.map((a) => a.audio_path).filter(Boolean))];
  const keys = [...new Set(audios.flatMap((a) => a.audio_keys ?? []))];
  let tracks: Query<TrackDoc> = tracksCol(db);
  if (route) tracks = tracks.where('submission_type', '==', route);
  const snaps = await Promise.all([
    ...chunks(paths, IN_LIMIT).map((some) => tracks.where('audio_path', 'in', some).get()),
    ...chunks(keys, IN_LIMIT).map((some) => tracks.where('audio_keys', 'array-contains-any', some).get()),
  ]);
  const byId = new Map(snaps.flatMap((s) => s.docs).map((d) => [d.id, d.data()]));
  return [...byId.values()];
}
