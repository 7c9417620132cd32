import { firstPaint } from '@/lib/first-paint';
import { afterNextPaint } from '@/lib/yield-to-main';

/** How long the first cover holds the first paint back at most (firstPaint: the data layer and the radio wait for it). */
const COVER_HOLD_MAX_MS = 3_000;

let releaseCoverHold: (() => void) | null = null;

/**
 * The route's loader, when /marketplace is the first page: its first cover is its largest paint,
 * so the first paint is held until it has shown (the page releases it: releaseFirstPaint). Its own
 * module: the route loads it with every page, and the results' code stays in the page's chunk.
 */
export function holdFirstPaintForCover(): void {
  releaseCoverHold ??= firstPaint.hold(COVER_HOLD_MAX_MS);
}

export function releaseFirstPaint(): void {
  releaseCoverHold?.();
}

/** The first cover has loaded: its paint comes with the next frame, then the first paint is released. */
export const firstCoverShown = (): void => void afterNextPaint().then(releaseFirstPaint);
