import { FieldPath, type DocumentSnapshot, type Firestore, type Query, type QuerySnapshot } from 'firebase-admin/firestore';
import { LEADERBOARD_ROWS } from '../../../common/constants';
import type { DeceptionRow } from '../../../common/leaderboards';
import { COL } from '../platform/collections';

/**
 * Eligible track_stats (approved contest tracks with at least the configured minimum of votes)
 * by the lower bound of their fool rate's 95% Wilson interval, then votes (docs/adr/0029-rank-by-wilson-lower-bound.md). The Deception Leaderboard and Fooling Tracks rank the same way. Ties end
 * on the track id, named (Firestore's implicit order made explicit), so
 * every read and the stream list tied tracks alike.
 */
export const rankedTracksQuery = (db: Firestore, limit: number): Query =>
  db
    .collection(COL.trackStats)
    .where('eligible', '==', true)
    .orderBy('fool_rate_low', 'desc')
    .orderBy('total_votes', 'desc')
    .orderBy(FieldPath.documentId(), 'desc')
    .limit(limit);

/** The Deception Leaderboard: at most 10 documents read, whatever the number of tracks. */
export const deceptionQuery = (db: Firestore): Query => rankedTracksQuery(db, LEADERBOARD_ROWS);

/** What both track boards show of a track_stats document. */
export const trackRowFields = (d: DocumentSnapshot) => ({
  title: d.get('title') as string,
  artist_name: d.get('artist_name') as string,
  cover_art_url: (d.get('cover_art_url') as string | null | undefined) ?? null,
  fool_rate: d.get('fool_rate') as number,
  total_votes: d.get('total_votes') as number,
});

export const deceptionRows = (snap: QuerySnapshot): DeceptionRow[] =>
  snap.docs.map((d, i) => ({
    rank: i + 1,
    track_id: d.get('track_id') as string,
    ...trackRowFields(d),
    correct_guesses: d.get('correct_guesses') as number,
    incorrect_guesses: d.get('incorrect_guesses') as number,
    fool_rate_low: (d.get('fool_rate_low') as number | undefined) ?? 0,
  }));
