import { FieldPath, type Firestore, type Query, type QuerySnapshot } from 'firebase-admin/firestore';
import { LEADERBOARD_ROWS } from '../../../common/constants';
import type { DeceptionRow } from '../../../common/contest/leaderboards';
import { trackStatsCol, type TrackStatsDoc } from '../tracks/track-doc';
import { displayRating, ratingOf } from '../voting/ratings';

/**
 * Eligible track_stats (approved contest tracks with at least the configured minimum of votes)
 * by their conservative disguise rating (rating − 2 deviations, docs/adr/0051-skill-ratings.md),
 * then votes. The Deception Leaderboard and Fooling Tracks rank the same way. Ties end on the
 * track id, named (Firestore's implicit order made explicit), so every read and the stream list
 * tied tracks alike.
 */
export const rankedTracksQuery = (db: Firestore, limit: number): Query<TrackStatsDoc> =>
  trackStatsCol(db)
    .where('eligible', '==', true)
    .orderBy('rating_low', 'desc')
    .orderBy('total_votes', 'desc')
    .orderBy(FieldPath.documentId(), 'desc')
    .limit(limit);

/** The Deception Leaderboard: at most 10 documents read, whatever the number of tracks. */
export const deceptionQuery = (db: Firestore): Query<TrackStatsDoc> => rankedTracksQuery(db, LEADERBOARD_ROWS);

/** What both track boards show of a track_stats document. */
export const trackRowFields = (s: TrackStatsDoc) => ({
  title: s.title,
  artist_name: s.artist_name,
  cover_art_url: s.cover_art_url,
  fool_rate: s.fool_rate,
  total_votes: s.total_votes,
  ...displayRating(ratingOf(s)),
});

export const deceptionRows = (snap: QuerySnapshot<TrackStatsDoc>): DeceptionRow[] =>
  snap.docs.map((d, i) => {
    const s = d.data();
    return {
      rank: i + 1,
      track_id: s.track_id,
      ...trackRowFields(s),
      correct_guesses: s.correct_guesses,
      incorrect_guesses: s.incorrect_guesses,
      fool_rate_low: s.fool_rate_low,
    };
  });
