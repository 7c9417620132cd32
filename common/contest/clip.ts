import { CLIP_SECONDS, SLIDER_STEP_SECONDS } from '../constants';

/** `seconds` on the clip slider's 0.1 s grid (the epsilon keeps 15.5 from flooring to 15.4). */
export function snapToStep(seconds: number, round: (n: number) => number = Math.round): number {
  const steps = round(seconds / SLIDER_STEP_SECONDS + 1e-9);
  return Math.round(steps * SLIDER_STEP_SECONDS * 10) / 10;
}

/**
 * The latest clip start that still leaves a full 45 s clip, floored to the slider's step (0 for
 * a track no longer than a clip). The submit slider, the CMS editor and the server all use it,
 * so the server accepts exactly what a slider can produce.
 */
export const latestClipStart = (durationSeconds: number): number =>
  Number.isFinite(durationSeconds) && durationSeconds > CLIP_SECONDS ? snapToStep(durationSeconds - CLIP_SECONDS, Math.floor) : 0;

/** m:ss of a number of seconds (floored; 0:00 for anything not a finite positive number). */
export function formatClock(seconds: number): string {
  const s = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds + 1e-6)) : 0;
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
