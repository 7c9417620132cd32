import type { SubmissionRoute, TrackFields, TrackStatus } from '../../../common/contest';
import { foolRate, foolRateLow } from '../../../common/fool-rate';

export { foolRate };

/** A track as stored in Firestore (server-only: it holds the answer and private paths). */
export type TrackDoc = TrackFields & {
  /** Private storage path of the uploaded original. */
  audio_path: string;
  /**
   * The audio's content keys (tracks/audio-keys.ts): how separate uploads of the same audio are
   * found to be twins. Absent on tracks stored before them, until backfilled (their twins are
   * then those of the same `audio_path`).
   */
  audio_keys?: string[];
  /**
   * The acoustic fingerprint's lookup keys (tracks/fingerprint.ts printKeys) and the id of its
   * stored print (audio_prints/{print_id}): how a re-encoded, trimmed or louder copy is found to
   * be its twin (tracks/acoustic-twins.ts). Absent on tracks stored before prints, until
   * backfilled (marketplace/backfill-audio-prints.ts); an empty list for audio without a print
   * (a steady tone, silence).
   */
  print_keys?: string[];
  print_id?: string;
  /** Opaque id of the 45 s voting clip (clips/{clip_id}); never shown next to the track. */
  clip_id: string;
  video_path: string | null;
  /**
   * Private storage path of the marketplace preview (≤ 30 s, lower bitrate): set on marketplace
   * tracks, absent on contest tracks and on tracks stored before previews existed.
   */
  preview_path?: string | null;
  /** Sampling key in [0, 1) (voting/sample-key.ts): sessions pick tracks at random by it. Absent on tracks stored before it, until backfilled. */
  rand?: number;
};

/**
 * track_stats/{trackId}: public counts plus what the leaderboards show, kept in step with the
 * track. The counts are the sums of the track's vote shards (voting/vote-shards.ts), rolled up
 * after votes by the debounced leaderboard refresh; votes never write this document.
 */
export type TrackStatsDoc = {
  track_id: string;
  title: string;
  artist_name: string;
  cover_art_url: string | null;
  submission_type: SubmissionRoute;
  status: TrackStatus;
  total_votes: number;
  correct_guesses: number;
  incorrect_guesses: number;
  /** Percent of wrong guesses, 0..100 with one decimal. */
  fool_rate: number;
  /** Lower bound of the fool rate's 95% Wilson interval, percent with one decimal: what the boards order by. */
  fool_rate_low: number;
  /** Approved contest track with at least the configured minimum of votes: ranked on the leaderboards. */
  eligible: boolean;
};

/** How the votes on a track guessed (set by the rollup; absent before the track's first one). */
export type GuessCounts = { guess_ai: number; guess_human: number; guess_hybrid: number };

/**
 * The stats fields that follow the track (title, artist, cover, route, status) and its counts
 * (fool rate, its Wilson lower bound, eligibility from `minVotes`, Config.contest.minRankedVotes).
 */
export function statsFromTrack(
  track: Pick<TrackDoc, 'id' | 'title' | 'artist_name' | 'cover_art_url' | 'submission_type' | 'status'>,
  counts: Pick<TrackStatsDoc, 'total_votes' | 'correct_guesses' | 'incorrect_guesses'>,
  minVotes: number,
): TrackStatsDoc {
  return {
    track_id: track.id,
    title: track.title,
    artist_name: track.artist_name,
    cover_art_url: track.cover_art_url,
    submission_type: track.submission_type,
    status: track.status,
    ...counts,
    fool_rate: foolRate(counts.incorrect_guesses, counts.total_votes),
    fool_rate_low: foolRateLow(counts.incorrect_guesses, counts.total_votes),
    eligible: track.status === 'approved' && track.submission_type === 'contest' && counts.total_votes >= Math.max(1, minVotes),
  };
}
