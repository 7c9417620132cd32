import { randomBytes } from 'node:crypto';
import { log } from '../platform/log';
import type { ObjectStorage } from '../platform/storage/storage';
import { AUDIO_CONTENT_TYPES, VIDEO_CONTENT_TYPES, type PreparedMedia } from './prepare-media';

export type StoredMedia = {
  audioPath: string;
  videoPath: string | null;
  /** The marketplace preview at previews/{random}.mp3 (kept on the marketplace track only), or null. */
  previewPath: string | null;
  /** One opaque clip per track of the submission (the same bytes under each id). */
  clips: Array<{ clipId: string; path: string }>;
  /** Deletes every file of this submission (when it did not become tracks). */
  remove: () => Promise<void>;
};

/** An unguessable id that says nothing about the track (clips are fetched by voters). */
const newClipId = (): string => randomBytes(18).toString('base64url');

/** Where a preview goes: an opaque name that links it to neither the original nor the clip. */
export const newPreviewPath = (): string => `previews/${randomBytes(18).toString('base64url')}.mp3`;

/**
 * Stores the original at originals/{groupId}.{ext}, the clip at clips/{clipId}.mp3 (once per
 * track), the preview (if any) at an opaque previews/ path and the video at videos/{groupId}.{ext}.
 * If any upload fails, the others are removed.
 */
export async function storeMedia(storage: ObjectStorage, groupId: string, media: PreparedMedia, clipCount: number): Promise<StoredMedia> {
  const audioPath = `originals/${groupId}.${media.audio.kind}`;
  const videoPath = media.video ? `videos/${groupId}.${media.video.kind}` : null;
  const previewPath = media.preview ? newPreviewPath() : null;
  const clips = Array.from({ length: clipCount }, () => {
    const clipId = newClipId();
    return { clipId, path: `clips/${clipId}.mp3` };
  });
  const paths = [audioPath, ...clips.map((c) => c.path), ...(previewPath ? [previewPath] : []), ...(videoPath ? [videoPath] : [])];
  const remove = async () => {
    const results = await Promise.allSettled(paths.map((p) => storage.delete(p)));
    results.forEach((r, i) => {
      if (r.status === 'rejected') log.mediaCleanupFailed(paths[i]!, r.reason);
    });
  };
  const uploads = await Promise.allSettled([
    storage.put(audioPath, media.audio.data, AUDIO_CONTENT_TYPES[media.audio.kind]),
    ...clips.map((c) => storage.put(c.path, media.clip, 'audio/mpeg')),
    ...(media.preview && previewPath ? [storage.put(previewPath, media.preview, 'audio/mpeg')] : []),
    ...(media.video && videoPath ? [storage.put(videoPath, media.video.data, VIDEO_CONTENT_TYPES[media.video.kind])] : []),
  ]);
  const failed = uploads.find((u) => u.status === 'rejected');
  if (failed) {
    await remove();
    throw failed.reason;
  }
  return { audioPath, videoPath, previewPath, clips, remove };
}
