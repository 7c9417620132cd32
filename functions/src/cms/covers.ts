import { randomInt } from 'node:crypto';
import { LOCAL_PLACEHOLDER_PREFIX, PLACEHOLDER_FILES, storedCoverUrl } from '../../../common/cms/placeholders';
import type { Deps } from '../platform/deps';
import type { TrackDoc } from '../tracks/track-doc';

/** A random placeholder cover: its stored URL once /upload-placeholders stored it, else the app's local file. */
export async function randomCover(deps: Deps): Promise<string> {
  const filename = PLACEHOLDER_FILES[randomInt(PLACEHOLDER_FILES.length)]!;
  return (await deps.storage.exists(`placeholders/${filename}`)) ? storedCoverUrl(filename) : `${LOCAL_PLACEHOLDER_PREFIX}${filename}`;
}

/**
 * An approved track always has a cover: approving assigns one (spec), so an edit that leaves a
 * track approved without one gets a random placeholder too.
 */
export function withCoverIfApproved(current: TrackDoc, patch: Partial<TrackDoc>, random: string): Partial<TrackDoc> {
  const status = patch.status ?? current.status;
  const cover = 'cover_art_url' in patch ? patch.cover_art_url : current.cover_art_url;
  return status === 'approved' && !cover ? { ...patch, cover_art_url: random } : patch;
}
