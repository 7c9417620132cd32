import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { COL } from '../platform/firestore/collections';
import type { Deps } from '../platform/deps';
import { unavailable } from '../platform/http/errors';
import { cutClip, cutPreview, MediaError, sniffAudio } from '../platform/media/media';
import type { TrackDoc } from '../tracks/track-doc';

/** Storage path of a clip's file, as the submission records it in clips/{clip_id}. */
export const clipPathOf = (clip: DocumentSnapshot): string | null => {
  const path = clip.get('path') as unknown;
  return typeof path === 'string' && path ? path : null;
};

/**
 * The track's voting clip, and its marketplace preview if it has one, cut again from a new start
 * under the same paths (open vote sessions and listings keep working). Empty when the track has
 * neither file to replace.
 */
export async function recutFiles(deps: Deps, track: TrackDoc, startSeconds: number): Promise<Array<{ path: string; data: Buffer }>> {
  const clipPath = clipPathOf(await deps.db.collection(COL.clips).doc(track.clip_id).get());
  const previewPath = track.preview_path || null;
  if (!clipPath && !previewPath) return [];
  const original = await deps.storage.get(track.audio_path);
  if (!original) throw new Error(`Original audio missing: ${track.audio_path}`);
  const kind = sniffAudio(original.data);
  if (!kind) throw new Error(`Original audio not recognised: ${track.audio_path}`);
  try {
    return [
      ...(clipPath ? [{ path: clipPath, data: await cutClip(deps.ffmpegPath, original.data, kind, startSeconds) }] : []),
      ...(previewPath ? [{ path: previewPath, data: await cutPreview(deps.ffmpegPath, original.data, kind, startSeconds) }] : []),
    ];
  } catch (err) {
    // The original passed its checks at submission: a cut that fails now ran out of time or memory.
    if (err instanceof MediaError) throw unavailable('The audio could not be cut right now. Please try again.');
    throw err;
  }
}
