import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import type { TrackStatus } from '../../../common/contest';
import type { MarketplaceListing } from '../../../common/listing-doc';
import { COL } from '../platform/collections';
import type { TrackDoc } from '../tracks/track-doc';

/** A listing's stable preview link (GET redirects to a fresh signed URL of the track's preview file). */
export const previewPath = (listingId: string) => `/api/marketplace/listings/${listingId}/preview`;

/** A contest track in these statuses is (or is about to be) voted on blind. */
const IN_CONTEST: ReadonlySet<TrackStatus> = new Set(['pending', 'approved']);

/** Firestore's limit on the values of an `in` filter. */
const IN_LIMIT = 30;

/** What a listing copies from its track, refreshed whenever the track or its contest twin changes. */
export type ListingCopy = Pick<
  MarketplaceListing,
  'title' | 'artist_name' | 'genre' | 'cover_art_url' | 'song_type' | 'fool_rate' | 'in_contest' | 'preview_url'
>;

type Twin = { id: string; status: TrackStatus };

const chunks = <T>(items: T[], size: number): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/**
 * The contest tracks that share each original: a both-routes submission's contest twin (or the
 * listed track itself, if the CMS moved it to the contest). Keyed by audio_path.
 */
async function contestTracksByAudio(db: Firestore, audioPaths: string[]): Promise<Map<string, Twin[]>> {
  const byAudio = new Map<string, Twin[]>();
  const snaps = await Promise.all(
    chunks([...new Set(audioPaths)], IN_LIMIT).map((paths) =>
      db.collection(COL.tracks).where('audio_path', 'in', paths).where('submission_type', '==', 'contest').get(),
    ),
  );
  for (const doc of snaps.flatMap((s) => s.docs)) {
    const path = String(doc.get('audio_path'));
    byAudio.set(path, [...(byAudio.get(path) ?? []), { id: doc.id, status: doc.get('status') as TrackStatus }].sort((a, b) => a.id.localeCompare(b.id)));
  }
  return byAudio;
}

/**
 * The copies of the given listings. While a listed track's contest twin is pending or approved,
 * its listing says only `in_contest`: no song type and nothing derived from the twin (its fool
 * rate), so /marketplace cannot answer a voter's clip. Once the twin is retired (rejected or
 * deleted) the type shows again, with the twin's fool rate (null when nobody voted on it: it is
 * gone, or never existed).
 * The preview link is offered only for an approved track that has a preview file.
 */
export async function listingCopies(db: Firestore, items: ReadonlyArray<{ listingId: string; track: TrackDoc }>): Promise<ListingCopy[]> {
  if (items.length === 0) return [];
  const twinsByAudio = await contestTracksByAudio(
    db,
    items.map((i) => i.track.audio_path),
  );
  const statsIdOf = ({ track }: { track: TrackDoc }) => twinsByAudio.get(track.audio_path)?.[0]?.id ?? track.id;
  const statsIds = [...new Set(items.map(statsIdOf))];
  const stats = await db.getAll(...statsIds.map((id) => db.collection(COL.trackStats).doc(id)));
  // No votes (a marketplace-only track, or a twin deleted with its votes): no fool rate to show.
  const votedRate = (s: DocumentSnapshot): number | null => (((s.get('total_votes') as number | undefined) ?? 0) > 0 ? ((s.get('fool_rate') as number | undefined) ?? 0) : null);
  const rate = new Map(stats.map((s) => [s.id, votedRate(s)]));
  return items.map((item) => {
    const { track, listingId } = item;
    const inContest = (twinsByAudio.get(track.audio_path) ?? []).some((t) => IN_CONTEST.has(t.status));
    return {
      title: track.title,
      artist_name: track.artist_name,
      genre: track.genre,
      cover_art_url: track.cover_art_url ?? null,
      song_type: inContest ? null : track.song_type,
      fool_rate: inContest ? null : (rate.get(statsIdOf(item)) ?? null),
      in_contest: inContest,
      preview_url: track.status === 'approved' && track.preview_path ? previewPath(listingId) : null,
    };
  });
}
