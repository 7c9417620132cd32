import { randomInt } from 'node:crypto';
import type { DocumentSnapshot, Firestore, Query } from 'firebase-admin/firestore';
import { TRACKS_PER_SESSION } from '../../../common/constants';
import { COL } from '../platform/collections';
import type { Deps } from '../platform/deps';

/** Tracks read per page of the candidate query. */
const PAGE = 100;
/**
 * At most this many approved contest tracks (newest first) are considered per session open, so
 * opening a session costs at most ~2 reads per scanned track whatever the catalogue's size.
 * A listener who has voted on the newest 1000 is offered nothing older (docs/decisions.md).
 */
const MAX_SCANNED_TRACKS = 1000;
/** vote_keys looked up per round while filtering a page. */
const KEY_CHUNK = 20;
/** A session's clips are served for a week, so they can be cached and voted on offline. */
export const CLIP_URL_SECONDS = 7 * 86_400;

/** A track picked for a session and its stored clip; the session gives the clip its own handle. */
export type SessionPick = { track_id: string; clip_path: string };

export const voteKeyRef = (db: Firestore, uid: string, trackId: string) => db.collection(COL.voteKeys).doc(`${uid}:${trackId}`);

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

/** Up to TRACKS_PER_SESSION approved contest tracks the caller did not submit nor vote on. */
async function candidateTracks(db: Firestore, uid: string): Promise<DocumentSnapshot[]> {
  const picked: DocumentSnapshot[] = [];
  let cursor: DocumentSnapshot | undefined;
  for (let scanned = 0; scanned < MAX_SCANNED_TRACKS && picked.length < TRACKS_PER_SESSION; ) {
    let query: Query = db
      .collection(COL.tracks)
      .where('status', '==', 'approved')
      .where('submission_type', '==', 'contest')
      .orderBy('created_at', 'desc')
      .limit(PAGE);
    if (cursor) query = query.startAfter(cursor);
    const page = await query.get();
    scanned += page.size;
    const others = page.docs.filter((d) => d.get('submitted_by') !== uid && typeof d.get('clip_id') === 'string');
    for (let i = 0; i < others.length && picked.length < TRACKS_PER_SESSION; i += KEY_CHUNK) {
      const chunk = others.slice(i, i + KEY_CHUNK);
      const keys = await db.getAll(...chunk.map((d) => voteKeyRef(db, uid, d.id)));
      chunk.forEach((track, j) => {
        if (!keys[j]?.exists && picked.length < TRACKS_PER_SESSION) picked.push(track);
      });
    }
    cursor = page.docs.at(-1);
    if (page.size < PAGE) break;
  }
  return picked;
}

/** The clips of a new session, in random order. Read outside any transaction. */
export async function pickSessionTracks(deps: Deps, uid: string): Promise<SessionPick[]> {
  const { db } = deps;
  const tracks = await candidateTracks(db, uid);
  if (tracks.length === 0) return [];
  const clips = await db.getAll(...tracks.map((t) => db.collection(COL.clips).doc(t.get('clip_id') as string)));
  const picks: SessionPick[] = [];
  for (const [i, track] of tracks.entries()) {
    const path = clips[i]?.get('path') as string | undefined;
    if (!path) continue;
    picks.push({ track_id: track.id, clip_path: path });
  }
  return shuffle(picks);
}
