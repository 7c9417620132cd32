/** Pure rules of the submit form: which files are refused, the clip window, costs. */
import { formatClock, latestClipStart, snapToStep } from '@common/contest/clip';
import { CLIP_SECONDS, PREVIEW_SECONDS, VIDEO_MAX_BYTES } from '@common/constants';
import { AUDIO_MAX_BYTES, submissionCost, type RoutePricing, type SubmissionRoute } from '@common/contest/contest';
import { isAudioName, isVideoName, SUBMISSION_MESSAGES as M } from '@common/radio/submission';
import { SUBMIT_CLIENT_MSG as C } from './submit-messages';

export type FileProblem = { title: string; detail: string };
type NamedSize = { name: string; size: number };

/** Why an audio file is refused before upload (by its name's extension and its size), or null. */
export function audioProblem(file: NamedSize): FileProblem | null {
  if (!isAudioName(file.name)) return { title: C.unsupportedAudio, detail: C.unsupportedAudioBody };
  if (file.size > AUDIO_MAX_BYTES) return { title: M.audioTooLarge, detail: C.audioTooLargeBody };
  return null;
}

/** Why a video file is refused: not mp4, mov, avi, webm or mkv, or over 20MB. */
export function videoProblem(file: NamedSize): FileProblem | null {
  if (!isVideoName(file.name)) return { title: C.unsupportedVideo, detail: C.unsupportedVideoBody };
  if (file.size > VIDEO_MAX_BYTES) return { title: M.videoTooLarge, detail: M.videoMax };
  return null;
}

/** The slider's maximum (the shared rule, under the name the form uses). */
export const maxClipStart = latestClipStart;

/** A clip start clamped to 0 .. max(0, duration - 45) and snapped to the slider's 0.1 s step. */
export function clampClipStart(start: number, duration: number): number {
  if (!Number.isFinite(start) || start <= 0) return 0;
  return Math.min(snapToStep(start), latestClipStart(duration));
}

/** The end of the clip window that starts at `start` (the track's end if it comes first). */
export const clipEnd = (start: number, duration: number): number =>
  Number.isFinite(duration) && duration > 0 ? Math.min(start + CLIP_SECONDS, duration) : start + CLIP_SECONDS;

/** A time on the slider's 0.1 s grid: '0:25' on a whole second, '0:44.8' between (each step of the slider shows). */
function sliderClock(seconds: number): string {
  const tenths = Math.round(Math.max(0, seconds) * 10);
  return tenths % 10 === 0 ? formatClock(tenths / 10) : `${formatClock(Math.floor(tenths / 10))}.${tenths % 10}`;
}

export const clipReadout = (start: number, duration: number): string => `Clip: ${sliderClock(start)} – ${sliderClock(clipEnd(start, duration))}`;

/** The shared cost rule, where the route picker looks for it. */
export { submissionCost, type RoutePricing } from '@common/contest/contest';

/** Tokens saved by choosing both routes instead of each one alone. */
export const bothRoutesSaving = (pricing: RoutePricing): number =>
  pricing.contest_entry_cost + pricing.marketplace.basic - submissionCost(['contest', 'marketplace'], pricing, false);

/** A multi-select's toggle: adds a missing item, removes a present one. */
export const toggleIn = <T>(list: readonly T[], item: T): T[] => (list.includes(item) ? list.filter((x) => x !== item) : [...list, item]);

/** What the segment is for: the voters' clip (as long as the file allows), the marketplace preview, or both. */
export function segmentHint(routes: readonly SubmissionRoute[], clipSeconds: number): string {
  const preview = Math.min(PREVIEW_SECONDS, clipSeconds);
  const contest = routes.includes('contest');
  if (contest && routes.includes('marketplace')) return `Voters hear ${clipSeconds} seconds from this point, with a short fade in and out; the marketplace preview plays ${preview}.`;
  if (!contest && routes.includes('marketplace')) return `The marketplace preview plays ${preview} seconds from this point.`;
  return `Voters hear ${clipSeconds} seconds from this point, with a short fade in and out.`;
}
