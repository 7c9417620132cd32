import { formatCount } from '@common/format';

/**
 * What the charts plot: a part of a whole (right guesses of votes) and its percent, or null for
 * a group too small to show (the caller says why, e.g. 'fewer than 10 votes'). Never drawn as 0.
 */
export type Share = { percent: number; part: number; whole: number } | null;

/** 45.25 → '45.3%' (one decimal, as the figures are given). */
export const percentText = (percent: number): string => `${percent.toFixed(1)}%`;

/** The counts behind a share, in words: '120 of 265'. */
export const partOfWhole = (share: NonNullable<Share>): string => `${formatCount(share.part)} of ${formatCount(share.whole)}`;

/** A percent kept inside the plot (0-100), for coordinates. */
export const clampPercent = (percent: number): number => Math.min(100, Math.max(0, percent));
