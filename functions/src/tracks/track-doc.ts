import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { SONG_TYPES, SUBMISSION_ROUTES, TRACK_STATUSES } from '../../../common/contest/contest';
import { foolRate, foolRateLow } from '../../../common/contest/fool-rate';
import { COL } from '../platform/firestore/collections';
import { converter, parseStored, serverTime } from '../platform/firestore/typed-collection';
import { storedRatingFields } from '../voting/ratings';

export { foolRate };

const nullableText = z.string().nullable();
const textList = z.array(z.string());

/** A track as stored in Firestore (server-only: it holds the answer and private paths). */
const storedTrack = z.object({
  id: z.string(),
  title: z.string(),
  artist_name: z.string(),
  genre: z.string(),
  is_ai: z.boolean(),
  song_type: z.enum(SONG_TYPES),
  submission_type: z.enum(SUBMISSION_ROUTES),
  status: z.enum(TRACK_STATUSES),
  cover_art_url: nullableText,
  preview_start_time: z.number(),
  duration_seconds: z.number(),
  creation_story: nullableText,
  hybrid_ai_elements: textList,
  hybrid_human_elements: textList,
  hybrid_tools_used: textList,
  submitted_by: z.string(),
  created_at: z.string(),
  /** Private storage path of the uploaded original. */
  audio_path: z.string(),
  /**
   * The audio's content keys (tracks/audio-keys.ts): how separate uploads of the same audio are
   * found to be twins. Absent on tracks stored before them, until backfilled (their twins are
   * then those of the same `audio_path`).
   */
  audio_keys: textList.optional(),
  /**
   * The acoustic fingerprint's lookup keys (tracks/fingerprint.ts printKeys) and the id of its
   * stored print (audio_prints/{print_id}): how a re-encoded, trimmed or louder copy is found to
   * be its twin (tracks/acoustic-twins.ts). Absent on tracks stored before prints, until
   * backfilled (marketplace/backfill-audio-prints.ts); an empty list for audio without a print
   * (a steady tone, silence).
   */
  print_keys: textList.optional(),
  print_id: z.string().optional(),
  /** Opaque id of the 45 s voting clip (clips/{clip_id}); never shown next to the track. */
  clip_id: z.string(),
  video_path: nullableText,
  /**
   * Private storage path of the marketplace preview (≤ 30 s, lower bitrate): set on marketplace
   * tracks, absent on contest tracks and on tracks stored before previews existed.
   */
  preview_path: nullableText.optional(),
  /** Sampling key in [0, 1) (voting/sample-key.ts): sessions pick tracks at random by it. Absent on tracks stored before it, until backfilled. */
  rand: z.number().optional(),
  /** Replication's change time and tombstone (absent on documents written without them). */
  updatedAt: serverTime.optional(),
  _deleted: z.boolean().optional(),
});
export type TrackDoc = z.infer<typeof storedTrack>;

const trackConverter = converter(storedTrack, COL.tracks, { withId: true });
/** The tracks collection, read through the stored track's schema (the document id is the track's id). */
export const tracksCol = (db: Firestore) => db.collection(COL.tracks).withConverter(trackConverter);
/** A track read without the converter (a snapshot of a mixed getAll, or a query built elsewhere), parsed the same way. */
export const trackOf = (snap: DocumentSnapshot): TrackDoc => parseStored(storedTrack, COL.tracks, snap.id, { ...snap.data(), id: snap.id });

/**
 * track_stats/{trackId}: public counts plus what the leaderboards show, kept in step with the
 * track. The counts are the sums of the track's vote shards (voting/vote-shards.ts), rolled up
 * after votes by the debounced leaderboard refresh; votes never write this document.
 */
const storedStats = z.object({
  track_id: z.string(),
  title: z.string(),
  artist_name: z.string(),
  cover_art_url: nullableText,
  submission_type: z.enum(SUBMISSION_ROUTES),
  status: z.enum(TRACK_STATUSES),
  total_votes: z.number(),
  correct_guesses: z.number(),
  incorrect_guesses: z.number(),
  /** Percent of wrong guesses, 0..100 with one decimal. */
  fool_rate: z.number(),
  /** Lower bound of the fool rate's 95% Wilson interval, percent with one decimal: what the boards order by (0 in documents stored before it). */
  fool_rate_low: z.number().default(0),
  /** Approved contest track with at least the configured minimum of votes: ranked on the leaderboards. */
  eligible: z.boolean().default(false),
  /** How well the track disguises its origin (voting/ratings.ts): rated by the rollup, `rating_low` what the boards order by. */
  ...storedRatingFields,
  /** Votes from listeners rated above the median when the rollup counted them, and how many of those it fooled (absent before). */
  expert_votes: z.number().optional(),
  expert_fooled: z.number().optional(),
});
export type TrackStatsDoc = z.output<typeof storedStats>;
/** A track's stats as read (a snapshot of a mixed getAll), parsed with their schema. */
export const trackStatsOf = (snap: DocumentSnapshot): TrackStatsDoc => parseStored(storedStats, COL.trackStats, snap.id, snap.data());
/** The track_stats collection, read through the stats' schema. */
export const trackStatsCol = (db: Firestore) => db.collection(COL.trackStats).withConverter(converter(storedStats, COL.trackStats));

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
