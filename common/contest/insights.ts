import type { GENRES } from '../constants';
import type { SongType } from './contest';

/**
 * Insights (docs/insights.md): how well people tell human, AI and hybrid music apart, from the
 * contest's votes, for everyone (/insights, GET /api/public/insights and its CSV). Aggregates
 * only; no user or track identifiers. Types without zod: the page's chunk imports them.
 */

/** A group of fewer votes than this is withheld (null), everywhere in the figures. */
export const INSIGHTS_MIN_VOTES = 10;

/** A listener's experience when they voted: their 1st to 10th vote, 11th to 50th, 51st on. */
export const EXPERIENCE_BANDS = ['1-10', '11-50', '51+'] as const;
export type ExperienceBand = (typeof EXPERIENCE_BANDS)[number];
export const experienceBand = (voteNumber: number): ExperienceBand => (voteNumber <= 10 ? '1-10' : voteNumber <= 50 ? '11-50' : '51+');

/** A listener's skill rating when they voted (common/contest/rating.ts; a newcomer is 1500). */
export const RATING_BANDS = ['under-1300', '1300-1499', '1500-1699', '1700-plus'] as const;
export type RatingBand = (typeof RATING_BANDS)[number];
export const ratingBand = (rating: number): RatingBand => (rating < 1300 ? 'under-1300' : rating < 1500 ? '1300-1499' : rating < 1700 ? '1500-1699' : '1700-plus');
export const RATING_BAND_LABELS: Record<RatingBand, string> = {
  'under-1300': 'Under 1300',
  '1300-1499': '1300–1499',
  '1500-1699': '1500–1699',
  '1700-plus': '1700 and up',
};

/** Votes in a group, how many were right, and the percent right (one decimal); null when the group has fewer than INSIGHTS_MIN_VOTES. */
export type InsightCell = { votes: number; right: number; accuracy: number } | null;

/** How listeners guessed the tracks of one true type (counts); null when fewer than INSIGHTS_MIN_VOTES. */
export type MatrixRow = { votes: number; guesses: Record<SongType, number> } | null;

export type Genre = (typeof GENRES)[number];

export type Insights = {
  /** When the aggregates were last brought up to date (ISO), null before the first votes. */
  updated_at: string | null;
  min_votes: number;
  /** The percent right a blind guess among three gets: 33.3. */
  chance: number;
  /** Scored votes counted: all of them, and those on tracks that have left the contest (the per-type figures). */
  votes: number;
  typed_votes: number;
  /** Rows by the tracks' true type (tracks that have left the contest only). */
  matrix: Record<SongType, MatrixRow>;
  /** UTC weeks (their Monday, YYYY-MM-DD), oldest first: all votes, and per true type (tracks that have left the contest). */
  weekly: Array<{ week: string; all: InsightCell; ai: InsightCell; human: InsightCell; hybrid: InsightCell }>;
  /** The nine genres, in the spec's order. */
  genres: Array<{ genre: Genre; cell: InsightCell }>;
  experience: Array<{ band: ExperienceBand; cell: InsightCell }>;
  rating_bands: Array<{ band: RatingBand; cell: InsightCell }>;
  licence: { name: string; url: string; attribution: string };
  /** How the figures are made, one sentence each (also the CSV's header comments). */
  method: string[];
};
