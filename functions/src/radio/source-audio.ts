import { RADIO_MSG } from '../../../common/radio/radio-messages';
import type { Deps } from '../platform/deps';
import { notFound } from '../platform/http/errors';
import { tracksCol } from '../tracks/track-doc';
import { storagePathOf, type StoredRadioSubmission } from './submission-doc';

/**
 * The storage path of a submission's original audio: the track's stored original (music) or
 * the ad's own file. No reference or no file: 404; a reference that is not a path of our
 * storage (a URL of another host, '..'): 422.
 */
export async function sourceAudioPath(deps: Deps, doc: StoredRadioSubmission): Promise<string> {
  let ref: string | null = null;
  if (doc.submission_type === 'advertisement') ref = doc.ad_audio_url;
  else if (doc.track_id) {
    ref = (await tracksCol(deps.db).doc(doc.track_id).get()).data()?.audio_path ?? null;
  }
  if (!ref) throw notFound(RADIO_MSG.noAudio);
  const path = storagePathOf(ref);
  if (!(await deps.storage.exists(path))) throw notFound(RADIO_MSG.noAudio);
  return path;
}

/** The file name part of a path (after the last '/'). */
export const baseName = (path: string): string => path.slice(path.lastIndexOf('/') + 1);
