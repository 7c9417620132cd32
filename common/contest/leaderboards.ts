import type { PublicMigration } from '../migration/migration';
/** Home leaderboards, as the API returns them. */
export type LeaderboardRow = {
  rank: number;
  score: number;
  user_id?: string;
  username?: string;
  full_name?: string | null;
  avatar_url?: string | null;
  title?: string;
  artist_name?: string;
  cover_art_url?: string | null;
  /** Fooling Tracks: the track's fool rate (percent) and votes, to compare it with chance. */
  fool_rate?: number;
  total_votes?: number;
  /**
   * Top Guessers and Fooling Tracks: the skill rating and its deviation (common/contest/rating.ts);
   * both rank by rating − 2 deviations.
   */
  rating?: number;
  rating_deviation?: number;
  /** Top Guessers: the percent of the listener's guesses that were right (one decimal). */
  accuracy?: number;
};

export type DeceptionRow = {
  rank: number;
  track_id: string;
  title: string;
  artist_name: string;
  cover_art_url: string | null;
  fool_rate: number;
  total_votes: number;
  correct_guesses: number;
  incorrect_guesses: number;
  /** The lower bound of the fool rate's 95% Wilson interval (percent): how far above chance the fool rate is. */
  fool_rate_low: number;
  /** The track's disguise rating and its deviation: the board ranks by rating − 2 deviations. */
  rating: number;
  rating_deviation: number;
};

export type Leaderboards = {
  top_guessers: LeaderboardRow[];
  top_fooling_tracks: LeaderboardRow[];
  top_earners_week: LeaderboardRow[];
  deception: DeceptionRow[];
  /** The migration countdown, sent by the stream (GET /api/public/leaderboards/stream) and not by the one-shot read. */
  migration?: PublicMigration;
};

export const LEADERBOARD_MAX_ROWS = 100;
