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
  /** The lower bound of the fool rate's 95% Wilson interval (percent): what the board ranks by. */
  fool_rate_low: number;
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
