import { randomUUID } from 'node:crypto';
import { FieldValue, type DocumentSnapshot, type Firestore, type Query, type QueryDocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { COL } from '../platform/firestore/collections';
import { pagesById } from '../platform/firestore/doc-reads';
import { log } from '../platform/log';
import { getAllOf } from '../platform/firestore/typed-collection';
import { tracksCol, type TrackDoc } from '../tracks/track-doc';
import { chunks, IN_LIMIT, tracksOfSameAudio, type TrackAudio } from './audio-twins';
import { listingCopies, WITHOUT_ANSWER } from './listing-copy';
import { isListable } from './listing-write';
import { searchFieldsPatch } from './search-fields';

/**
 * A listing copies its track (title, artist, genre, type, cover, preview) and its contest twin
 * (whether one is still in the contest, its fool rate and rating). What changes them marks the
 * track in the same transaction (listing_copies_due/{trackId}): a rollup of its votes, a CMS
 * change, a new track of the same audio, a delete (with the audio it had). Each leaderboard
 * refresh brings the listings of the marked tracks up to date, so its cost follows the tracks that
 * changed, never the catalogue; a CMS change also refreshes its own at once.
 */

/** A track whose listings' copies may be out of date, with its audio: its own listings, and those of every track of the same audio (audio-twins.ts). */
export type TrackChange = { trackId: string; audio: TrackAudio };

/** Marked tracks read per page, and the most pages one refresh goes through (the rest waits for the next). */
const DUE_PAGE = 200;
const DUE_MAX_PAGES = 10;
/** Listings read per page by a walk over all of them (a one-off backfill, the placeholder utility). */
const ALL_PAGE = 300;

const dueRef = (db: Firestore, trackId: string) => db.collection(COL.listingCopiesDue).doc(trackId);
const liveListings = (db: Firestore) => db.collection(COL.listings).where('_deleted', '==', false);

/**
 * Marks a track's listings (and its twins') as due for a refresh, in the caller's transaction
 * (a write only). `audio`: what a deleted track had, since it can no longer be read. Each mark
 * carries a fresh stamp, so a refresh that read an older one leaves it for the next.
 */
export function markListingCopiesDue(db: Firestore, tx: Transaction, trackId: string, audio?: TrackAudio): void {
  tx.set(dueRef(db, trackId), { track_id: trackId, audio_path: audio?.audio_path ?? null, audio_keys: audio?.audio_keys ?? [], stamp: randomUUID() });
}

/** The live listings of the changed tracks and of every track of the same audio. */
async function changedTrackListings(db: Firestore, changes: readonly TrackChange[]): Promise<QueryDocumentSnapshot[]> {
  const twins = await tracksOfSameAudio(
    db,
    changes.map((c) => c.audio),
  );
  const trackIds = [...new Set([...changes.map((c) => c.trackId), ...twins.map((t) => t.id)])];
  const live: Query = liveListings(db);
  const snaps = await Promise.all(chunks(trackIds, IN_LIMIT).map((ids) => live.where('track_id', 'in', ids).get()));
  const byId = new Map(snaps.flatMap((s) => s.docs).map((d) => [d.id, d]));
  return [...byId.values()];
}

/**
 * A live listing follows whether its track can be sold: an active one goes off sale when its
 * track stops being listable (marked `off_sale: 'track'`, a server-only field), and comes back
 * when the track is approved again. A listing the CMS set inactive stays as the CMS left it.
 */
function saleState(listing: DocumentSnapshot, track: TrackDoc | undefined): Record<string, unknown> {
  if (!isListable(track)) return listing.get('is_active') === true ? { is_active: false, off_sale: 'track' } : {};
  return listing.get('off_sale') === 'track' ? { is_active: true, off_sale: null } : {};
}

/**
 * Brings the given live listings up to date with their tracks and their contest twins, on sale or
 * not (saleState). A listing whose track was deleted keeps its last copy without a preview or the
 * answer (WITHOUT_ANSWER). Returns how many listings changed.
 */
async function refreshCopiesOf(db: Firestore, listings: readonly QueryDocumentSnapshot[]): Promise<number> {
  if (listings.length === 0) return 0;
  const trackIds = [...new Set(listings.map((l) => String(l.get('track_id'))))];
  const tracks = await getAllOf(db, trackIds.map((id) => tracksCol(db).doc(id)));
  const trackById = new Map(tracks.flatMap((t) => t.data() ?? []).map((t) => [t.id, t]));
  const items = listings.map((l) => ({ listing: l, track: trackById.get(String(l.get('track_id'))) }));
  const withTrack = items.filter((i): i is typeof i & { track: TrackDoc } => i.track !== undefined);
  const copies = await listingCopies(
    db,
    withTrack.map((i) => ({ listingId: i.listing.id, track: i.track })),
  );
  const next = new Map<string, Record<string, unknown>>(withTrack.map((i, n) => [i.listing.id, copies[n]!]));
  const batch = db.batch();
  let changed = 0;
  for (const { listing, track } of items) {
    const wanted = { ...(next.get(listing.id) ?? { preview_url: null, ...WITHOUT_ANSWER }), ...saleState(listing, track) };
    const changedCopy = Object.fromEntries(Object.entries(wanted).filter(([k, v]) => listing.get(k) !== v));
    const patch = { ...changedCopy, ...searchFieldsPatch(listing.data(), { ...listing.data(), ...wanted }) };
    if (Object.keys(patch).length === 0) continue;
    batch.update(listing.ref, { ...patch, updatedAt: FieldValue.serverTimestamp() });
    changed++;
  }
  if (changed > 0) await batch.commit();
  return changed;
}

/** The listings of the changed tracks (and of the tracks of the same audio) brought up to date. Returns how many changed. */
export async function refreshListingCopies(db: Firestore, changes: readonly TrackChange[]): Promise<number> {
  if (changes.length === 0) return 0;
  return refreshCopiesOf(db, await changedTrackListings(db, changes));
}

/**
 * After a CMS change to a track has committed: its listings' copies now, so /marketplace follows
 * at once. A failure here never fails the change (the caller would see an error for an edit that
 * happened, and a retry would find nothing to do or, for a delete, a 404): it is logged, and the
 * change's mark (markListingCopiesDue) has the next leaderboard refresh do it.
 */
export async function refreshListingCopiesAfterChange(db: Firestore, change: TrackChange): Promise<void> {
  try {
    await refreshListingCopies(db, [change]);
  } catch (err) {
    log.listingCopiesDeferred(change.trackId, err);
  }
}

/**
 * The leaderboard refresh's part (each minute, and after votes): the listings of the tracks marked
 * since the last one, then their marks cleared, each only if no newer mark replaced it meanwhile.
 * Reads the marks, their tracks and their listings: it follows the tracks changed, not the catalogue.
 * Returns how many listings changed.
 */
export async function refreshDueListingCopies(db: Firestore): Promise<number> {
  let changed = 0;
  for (let page = 0; page < DUE_MAX_PAGES; page += 1) {
    const due = await db.collection(COL.listingCopiesDue).limit(DUE_PAGE).get();
    if (due.empty) break;
    const tracks = await getAllOf(db, due.docs.map((d) => tracksCol(db).doc(d.id)));
    const changes = due.docs.map((mark, i): TrackChange => {
      const track = tracks[i]!.data();
      const audio_keys = mark.get('audio_keys') as unknown;
      return { trackId: mark.id, audio: track ?? { audio_path: String(mark.get('audio_path') ?? ''), audio_keys: Array.isArray(audio_keys) ? audio_keys.map(String) : [] } };
    });
    changed += await refreshListingCopies(db, changes);
    await db.runTransaction(async (tx) => {
      const now = await tx.getAll(...due.docs.map((d) => d.ref));
      now.forEach((mark, i) => {
        if (mark.exists && mark.get('stamp') === due.docs[i]!.get('stamp')) tx.delete(mark.ref);
      });
    });
    if (due.size < DUE_PAGE) break;
  }
  return changed;
}

/**
 * Every live listing brought up to date, a page at a time: for the one-off backfills and the
 * placeholder utility, which change what every listing copies. Returns how many changed.
 */
export async function refreshAllListingCopies(db: Firestore): Promise<number> {
  let changed = 0;
  for await (const page of pagesById(db, COL.listings, ALL_PAGE)) changed += await refreshCopiesOf(db, page.filter((l) => l.get('_deleted') === false));
  return changed;
}
