import { FieldValue } from 'firebase-admin/firestore';
import { COL } from '../platform/firestore/collections';
import type { Deps } from '../platform/deps';
import { log } from '../platform/log';
import { cutPreview, sniffAudio } from '../platform/media/media';
import { newPreviewPath } from '../tracks/store-media';
import { getAllOf } from '../platform/firestore/typed-collection';
import { tracksCol, type TrackDoc } from '../tracks/track-doc';
import { refreshAllListingCopies } from './refresh-copies';

/** Cuts and stores a preview for a track that has none; false when another run got there first or there is no usable original. */
async function addPreview(deps: Deps, track: TrackDoc): Promise<boolean> {
  const original = await deps.storage.get(track.audio_path);
  const kind = original ? sniffAudio(original.data) : null;
  if (!original || !kind) return false;
  const path = newPreviewPath();
  await deps.storage.put(path, await cutPreview(deps.ffmpegPath, original.data, kind, track.preview_start_time), 'audio/mpeg');
  const ref = deps.db.collection(COL.tracks).doc(track.id);
  const set = await deps.db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists || snap.get('preview_path')) return false;
    tx.update(ref, { preview_path: path, updatedAt: FieldValue.serverTimestamp() });
    return true;
  });
  if (!set) await deps.storage.delete(path).catch((err: unknown) => log.mediaCleanupFailed(path, err));
  return set;
}

/**
 * The track's preview file, cut and stored first if it has none (a track stored before
 * previews were made at submission): what a preview-version licence delivers. Null when the
 * track has neither a preview nor a usable original.
 */
export async function previewPathOf(deps: Deps, track: TrackDoc): Promise<string | null> {
  if (track.preview_path) return track.preview_path;
  await addPreview(deps, track);
  // This run's preview, or the one a concurrent run stored first.
  return (await tracksCol(deps.db).doc(track.id).get()).data()?.preview_path ?? null;
}

/**
 * Gives every listed track without a preview file one (tracks stored before previews were made
 * at submission), then brings all listings' copies up to date. Idempotent: tracks that have a
 * preview are left alone. Returns how many previews it made.
 */
export async function backfillListedPreviews(deps: Deps): Promise<number> {
  const listings = await deps.db.collection(COL.listings).where('_deleted', '==', false).get();
  const trackIds = [...new Set(listings.docs.map((l) => String(l.get('track_id'))))];
  const tracks = await getAllOf(deps.db, trackIds.map((id) => tracksCol(deps.db).doc(id)));
  let made = 0;
  for (const track of tracks.flatMap((snap) => snap.data() ?? [])) {
    if (track.preview_path) continue;
    if (await addPreview(deps, track)) made++;
  }
  await refreshAllListingCopies(deps.db);
  return made;
}
