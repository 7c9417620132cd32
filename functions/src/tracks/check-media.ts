import { SUBMISSION_MESSAGES as M } from '../../../common/radio/submission';
import { audioStructureProblem } from '../platform/media/audio-structure';
import { badRequest } from '../platform/http/errors';
import { MediaError, sniffAudio, type AudioKind, type VideoKind } from '../platform/media/media';
import { remuxVideo } from '../platform/media/video';

/**
 * The submission's content checks, each a 400 with its reason. They run before anything is
 * stored or charged, so a refused upload leaves no trace.
 */

/** The audio's kind when it is one whole file of a supported format: not empty, not cut short, nothing appended. */
export function checkAudio(data: Buffer): AudioKind {
  if (data.length === 0) throw badRequest(M.audioEmpty);
  const kind = sniffAudio(data);
  if (!kind) throw badRequest(M.audioUnsupported);
  const problem = audioStructureProblem(data, kind);
  if (problem) throw badRequest(problem === 'truncated' ? M.audioTruncated : M.audioTrailingData);
  return kind;
}

const overLimits = (err: MediaError) => err.reason === 'timeout' || err.reason === 'limit';

/** What the caller throws for an error of the audio work: a 400 for a MediaError, anything else unchanged. */
export function audioRefusal(err: unknown): unknown {
  if (!(err instanceof MediaError)) return err;
  return badRequest(overLimits(err) ? M.audioTooDemanding : M.audioUndecodable);
}

/** The video as it is stored: remuxed without metadata or appended data (platform/media/video.ts); a 400 when it does not read. */
export async function cleanVideo(ffmpegPath: string, data: Buffer, kind: VideoKind): Promise<{ kind: VideoKind; data: Buffer }> {
  try {
    return { kind, data: await remuxVideo(ffmpegPath, data, kind) };
  } catch (err) {
    if (err instanceof MediaError) throw badRequest(M.videoUnreadable);
    throw err;
  }
}
