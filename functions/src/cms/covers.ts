import { randomInt } from 'node:crypto';
import { PLACEHOLDER_COVERS } from '../../../common/cms-messages';
import type { TrackDoc } from '../tracks/track-doc';

export const randomCover = (): string => PLACEHOLDER_COVERS[randomInt(PLACEHOLDER_COVERS.length)]!;

/**
 * An approved track always has a cover: approving assigns one (spec), so an edit that leaves a
 * track approved without one gets a random placeholder too.
 */
export function withCoverIfApproved(current: TrackDoc, patch: Partial<TrackDoc>): Partial<TrackDoc> {
  const status = patch.status ?? current.status;
  const cover = 'cover_art_url' in patch ? patch.cover_art_url : current.cover_art_url;
  return status === 'approved' && !cover ? { ...patch, cover_art_url: randomCover() } : patch;
}
