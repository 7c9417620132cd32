import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import type { TrackStatus } from '../../../common/contest/contest';
import type { MarketplaceListing } from '../../../common/marketplace/listing-doc';
import { getAllOf } from '../platform/firestore/typed-collection';
import { trackStatsCol, type TrackDoc, type TrackStatsDoc } from '../tracks/track-doc';
import { sameAudio, tracksOfSameAudio } from './audio-twins';

/** A listing's stable preview link (GET redirects to a fresh signed URL of the track's preview file). */
export const previewPath = (listingId: string) => `/api/marketplace/listings/${listingId}/preview`;

/** A contest track in these statuses is (or is about to be) voted on blind. */
const IN_CONTEST: ReadonlySet<TrackStatus> = new Set(['pending', 'approved']);

/**
 * What a listing copies from its track, refreshed whenever the track or its contest twin changes;
 * `rating_low` (server-only, what search's rating sort orders by) follows the fool rate's rules.
 */
export type ListingCopy = Pick<
  MarketplaceListing,
  'title' | 'artist_name' | 'genre' | 'cover_art_url' | 'song_type' | 'fool_rate' | 'in_contest' | 'preview_url'
> & { rating_low: number | null };

type Twin = { id: string; status: TrackStatus };

/**
 * Each listed track's contest twins (by the listed track's id, in id order): the contest tracks of
 * the same audio (audio-twins.ts): a both-routes submission's contest track, a separate contest
 * upload of the same content, or the listed track itself if the CMS moved it to the contest.
 */
async function contestTwinsOf(db: Firestore, tracks: TrackDoc[]): Promise<Map<string, Twin[]>> {
  const contest = await tracksOfSameAudio(db, tracks, 'contest');
  const twins = (track: TrackDoc): Twin[] =>
    contest
      .filter((c) => sameAudio(track, c))
      .map((c) => ({ id: c.id, status: c.status }))
      .sort((a, b) => a.id.localeCompare(b.id));
  return new Map(tracks.map((t) => [t.id, twins(t)]));
}

/**
 * What a listing that can no longer follow its track's twins keeps of the answer: nothing. A
 * deleted listing's tombstone (still replicated) and the listing of a deleted track, whose
 * audio a contest track may share later.
 */
export const WITHOUT_ANSWER = { song_type: null, fool_rate: null, rating_low: null } as const;

/**
 * The copies of the given listings. While a listed track's contest twin (a contest track of the
 * same audio: from the same upload, or a separate upload of the same content) is pending or
 * approved, its listing says only `in_contest`: no song type and nothing derived from the twin
 * (its fool rate), so /marketplace cannot answer a voter's clip. Once the twin is retired
 * (rejected or deleted) the type shows again, with the (first) twin's fool rate (null when nobody
 * voted on it: it is gone, or never existed).
 * The preview link is offered only for an approved track that has a preview file.
 */
export async function listingCopies(db: Firestore, items: ReadonlyArray<{ listingId: string; track: TrackDoc }>): Promise<ListingCopy[]> {
  if (items.length === 0) return [];
  const twinsOf = await contestTwinsOf(db, items.map((i) => i.track));
  const statsIdOf = ({ track }: { track: TrackDoc }) => twinsOf.get(track.id)?.[0]?.id ?? track.id;
  const statsIds = [...new Set(items.map(statsIdOf))];
  const stats = await getAllOf(db, statsIds.map((id) => trackStatsCol(db).doc(id)));
  // No votes (a marketplace-only track, or a twin deleted with its votes): no fool rate to show.
  const votedRate = (s: DocumentSnapshot<TrackStatsDoc>): number | null => {
    const counted = s.data();
    return counted && counted.total_votes > 0 ? counted.fool_rate : null;
  };
  const rate = new Map(stats.map((s) => [s.id, votedRate(s)]));
  // The conservative rating (voting/ratings.ts), with the fool rate: only once somebody voted.
  const ratingLow = new Map(stats.map((s) => [s.id, votedRate(s) === null ? null : (s.data()?.rating_low ?? null)]));
  return items.map((item) => {
    const { track, listingId } = item;
    const inContest = (twinsOf.get(track.id) ?? []).some((t) => IN_CONTEST.has(t.status));
    return {
      title: track.title,
      artist_name: track.artist_name,
      genre: track.genre,
      cover_art_url: track.cover_art_url ?? null,
      song_type: inContest ? null : track.song_type,
      fool_rate: inContest ? null : (rate.get(statsIdOf(item)) ?? null),
      rating_low: inContest ? null : (ratingLow.get(statsIdOf(item)) ?? null),
      in_contest: inContest,
      preview_url: track.status === 'approved' && track.preview_path ? previewPath(listingId) : null,
    };
  });
}
