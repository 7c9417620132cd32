import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { COL } from '../platform/collections';
import type { Deps } from '../platform/deps';
import { cutClip, sniffAudio } from '../platform/media';
import type { TrackDoc } from '../tracks/track-doc';

/** Storage path of a clip's file, as the submission records it in clips/{clip_id}. */
export const clipPathOf = (clip: DocumentSnapshot): string | null => {
  const path = clip.get('path') as unknown;
  return typeof path === 'string' && path ? path : null;
};

/**
 * The track's voting clip cut again from a new start (same clip id and path, so open vote
 * sessions keep working). Null when the track has no clip file to replace.
 */
export async function recutClip(deps: Deps, track: TrackDoc, startSeconds: number): Promise<{ path: string; data: Buffer } | null> {
  const clip = await deps.db.collection(COL.clips).doc(track.clip_id).get();
  const path = clipPathOf(clip);
  if (!path) return null;
  const original = await deps.storage.get(track.audio_path);
  if (!original) throw new Error(`Original audio missing: ${track.audio_path}`);
  const kind = sniffAudio(original.data);
  if (!kind) throw new Error(`Original audio not recognised: ${track.audio_path}`);
  return { path, data: await cutClip(deps.ffmpegPath, original.data, kind, startSeconds) };
}
