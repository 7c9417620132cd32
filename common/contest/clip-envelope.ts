import { CLIP_SECONDS, FADE_IN_SECONDS, FADE_OUT_SECONDS } from '../constants';

/**
 * A clip's volume at `t` seconds into a window of `length` (45 s): fades in over 1.5 s, out
 * over the last 2.5 s (from 42.5 s), silent outside. The arena and the submit preview share it.
 */
export function clipVolume(t: number, length: number = CLIP_SECONDS): number {
  if (!Number.isFinite(t) || t <= 0 || t >= length) return 0;
  const fadeIn = Math.min(1, t / FADE_IN_SECONDS);
  const fadeOut = Math.min(1, (length - t) / FADE_OUT_SECONDS);
  return Math.max(0, Math.min(fadeIn, fadeOut));
}
