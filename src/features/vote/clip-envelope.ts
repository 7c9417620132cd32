import { CLIP_SECONDS, FADE_IN_SECONDS, FADE_OUT_SECONDS } from '@common/constants';

const FADE_OUT_FROM = CLIP_SECONDS - FADE_OUT_SECONDS;

/** The clip's volume at `t` seconds: fades in over 1.5 s, out from 42.5 s to silence at 45 s. */
export function clipVolume(t: number): number {
  if (!Number.isFinite(t) || t <= 0) return 0;
  if (t >= CLIP_SECONDS) return 0;
  if (t < FADE_IN_SECONDS) return t / FADE_IN_SECONDS;
  if (t > FADE_OUT_FROM) return (CLIP_SECONDS - t) / FADE_OUT_SECONDS;
  return 1;
}

/** m:ss for a player's clock. */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The audio format from a clip URL's extension (the source may be a blob URL without one). */
export function clipFormat(url: string): string {
  return /\.([a-z0-9]{2,4})$/i.exec(new URL(url, 'http://x').pathname)?.[1]?.toLowerCase() ?? 'mp3';
}
