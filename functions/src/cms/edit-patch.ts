import { latestClipStart } from '../../../common/contest/clip';
import { isAi } from '../../../common/contest/contest';
import { badRequest } from '../platform/http/errors';
import type { TrackDoc } from '../tracks/track-doc';
import type { EditTrackInput } from './cms-schemas';

/**
 * The fields an edit sets on `track`. song_type decides is_ai (isAi); is_ai alone switches between
 * human and ai unless it already agrees with the song type; a contradicting pair is a 400.
 */
export function editPatch(track: TrackDoc, input: EditTrackInput): Partial<TrackDoc> {
  const { is_ai, song_type, ...rest } = input;
  const patch: Partial<TrackDoc> = { ...rest };
  if (song_type !== undefined) {
    if (is_ai !== undefined && is_ai !== isAi(song_type)) throw badRequest('is_ai: Does not match song_type');
    patch.song_type = song_type;
    patch.is_ai = isAi(song_type);
  } else if (is_ai !== undefined) {
    patch.song_type = is_ai === isAi(track.song_type) ? track.song_type : is_ai ? 'ai' : 'human';
    patch.is_ai = is_ai;
  }
  if (rest.preview_start_time !== undefined) {
    const max = latestClipStart(track.duration_seconds);
    if (rest.preview_start_time > max) throw badRequest(`preview_start_time: Must be at most ${max}`);
  }
  return patch;
}
