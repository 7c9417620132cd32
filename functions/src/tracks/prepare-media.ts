import { latestClipStart, snapToStep } from '../../../common/contest/clip';
import { CLIP_SECONDS } from '../../../common/constants';
import { SUBMISSION_MESSAGES as M } from '../../../common/radio/submission';
import { badRequest } from '../platform/http/errors';
import { cutClip, cutPreview, probeAudio, sniffVideo, type AudioKind, type VideoKind } from '../platform/media/media';
import { computePrint, type PreparedPrint } from './acoustic-twins';
import { audioKeys } from './audio-keys';
import { audioRefusal, checkAudio, cleanVideo } from './check-media';
import type { ParsedSubmission } from './parse-submission';

export type PreparedMedia = {
  /** `keys`: the content keys (audio-keys.ts) that make a separate upload of the same audio its twin. */
  audio: { kind: AudioKind; data: Buffer; durationSeconds: number; keys: string[] };
  /** The acoustic fingerprint (acoustic-twins.ts): how a re-encoded, trimmed or louder copy is found to be its twin. */
  print: PreparedPrint;
  /** The 45 s voting clip (mp3, no tags) from `previewStart`. */
  clip: Buffer;
  /** The marketplace preview (≤ 30 s, lower bitrate, no tags) from `previewStart`; only for the marketplace route. */
  preview: Buffer | null;
  previewStart: number;
  video: { kind: VideoKind; data: Buffer } | null;
};

export const AUDIO_CONTENT_TYPES: Record<AudioKind, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  flac: 'audio/flac',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
};

export const VIDEO_CONTENT_TYPES: Record<VideoKind, string> = {
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  avi: 'video/x-msvideo',
};

/** Spec 5: the preview start is on the slider's 0.1 s grid, clamped to 0 .. the latest clip start (the submit slider's maximum). */
function clampPreviewStart(requested: number, durationSeconds: number): number {
  return Math.min(snapToStep(Math.max(0, requested)), latestClipStart(durationSeconds));
}

/** Checks the files by content (not by name), measures, keys and fingerprints the audio by decoding it, and cuts the clip (and the preview of a marketplace track). */
export async function prepareMedia(ffmpegPath: string, parsed: ParsedSubmission): Promise<PreparedMedia> {
  const kind = checkAudio(parsed.audio.data);
  const videoKind = parsed.video ? sniffVideo(parsed.video.data) : null;
  if (parsed.video && !videoKind) throw badRequest(M.videoUnsupported);
  const video = parsed.video && videoKind ? await cleanVideo(ffmpegPath, parsed.video.data, videoKind) : null;
  try {
    const { durationSeconds, samplesSha256 } = await probeAudio(ffmpegPath, parsed.audio.data, kind);
    const previewStart = clampPreviewStart(parsed.fields.previewStartTime, durationSeconds);
    const clip = await cutClip(ffmpegPath, parsed.audio.data, kind, previewStart, CLIP_SECONDS);
    const listable = parsed.fields.submissionRoutes.includes('marketplace');
    const preview = listable ? await cutPreview(ffmpegPath, parsed.audio.data, kind, previewStart) : null;
    const print = await computePrint(ffmpegPath, parsed.audio.data, kind);
    return {
      audio: { kind, data: parsed.audio.data, durationSeconds, keys: audioKeys(parsed.audio.data, samplesSha256) },
      print,
      clip,
      preview,
      previewStart,
      video,
    };
  } catch (err) {
    throw audioRefusal(err);
  }
}
