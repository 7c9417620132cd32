import { CLIP_SECONDS } from '../../../common/constants';
import type { SongType } from '../../../common/contest';
import { badRequest } from '../platform/errors';
import type { TrackDoc } from '../tracks/track-doc';
import type { EditTrackInput } from './cms-schemas';

/** is_ai follows the song type: anything with AI in it (ai, hybrid) is AI. */
export const isAiFor = (songType: SongType): boolean => songType !== 'human';

/** The latest start that still leaves a full clip (0 for tracks shorter than a clip). */
export const maxPreviewStart = (durationSeconds: number): number => Math.max(0, durationSeconds - CLIP_SECONDS);

/**
 * The fields an edit sets on `track`. song_type decides is_ai; is_ai alone switches between
 * human and ai unless it already agrees with the song type; a contradicting pair is a 400.
 */
export function editPatch(track: TrackDoc, input: EditTrackInput): Partial<TrackDoc> {
  const { is_ai, song_type, ...rest } = input;
  const patch: Partial<TrackDoc> = { ...rest };
  if (song_type !== undefined) {
    if (is_ai !== undefined && is_ai !== isAiFor(song_type)) throw badRequest('is_ai: Does not match song_type');
    patch.song_type = song_type;
    patch.is_ai = isAiFor(song_type);
  } else if (is_ai !== undefined) {
    patch.song_type = is_ai === isAiFor(track.song_type) ? track.song_type : is_ai ? 'ai' : 'human';
    patch.is_ai = is_ai;
  }
  if (rest.preview_start_time !== undefined) {
    const max = maxPreviewStart(track.duration_seconds);
    if (rest.preview_start_time > max) throw badRequest(`preview_start_time: Must be at most ${Math.floor(max * 10) / 10}`);
  }
  return patch;
}
