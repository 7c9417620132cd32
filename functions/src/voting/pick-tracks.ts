import { randomInt } from 'node:crypto';
import type { DocumentSnapshot, Firestore, Query } from 'firebase-admin/firestore';
import { TRACKS_PER_SESSION } from '../../../common/constants';
import { COL } from '../platform/firestore/collections';
import type { Deps } from '../platform/deps';
import { newSampleKey } from './sample-key';

/** Tracks read per query. */
const PAGE = 20;
/**
 * At most this many tracks (and as many vote keys) are read per session open, whatever the
 * catalogue's size. A catalogue up to that size is read whole when needed, so its listeners are
 * offered every track they have not voted on; beyond it, a listener who has voted on nearly all
 * may be offered fewer, or none (docs/adr/0021-vote-sessions.md).
 */
const MAX_TRACKS_READ = 200;
/** Unvoted tracks gathered before picking; the session takes the newest of them. */
const SAMPLE = 2 * TRACKS_PER_SESSION;
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

/**
 * Up to TRACKS_PER_SESSION approved contest tracks the caller did not submit nor vote on: from a
 * random point of the `rand` keys, tracks are read in key order (wrapping around [0, 1)) until
 * SAMPLE unvoted ones are found, the whole catalogue was read, or MAX_TRACKS_READ were; the
 * newest of those found are offered.
 */
async function candidateTracks(db: Firestore, uid: string): Promise<DocumentSnapshot[]> {
  const start = newSampleKey();
  const approved = db.collection(COL.tracks).where('status', '==', 'approved').where('submission_type', '==', 'contest');
  const found: DocumentSnapshot[] = [];
  let read = 0;
  let wrapped = false;
  // The last key read in the current part: the next page starts after it. A range, not a
  // document cursor: the local emulator ignores startAfter on a number field, and keys tie with
  // probability ~2^-47, so a tie skipping a track does not matter.
  let after: number | undefined;
  // A page cut short by the end of the keys is completed from their start, so a listener with
  // few votes reads PAGE tracks wherever the random start falls.
  let shortBy = 0;
  while (read < MAX_TRACKS_READ && found.length < SAMPLE) {
    const limit = Math.min(shortBy || PAGE, MAX_TRACKS_READ - read);
    shortBy = 0;
    let query: Query = approved.where('rand', wrapped ? '<' : '>=', start);
    if (after !== undefined) query = query.where('rand', '>', after);
    query = query.orderBy('rand').limit(limit);
    const page = await query.get();
    read += page.size;
    const others = page.docs.filter((d) => d.get('submitted_by') !== uid && typeof d.get('clip_id') === 'string');
    for (let i = 0; i < others.length && found.length < SAMPLE; ) {
      const chunk = others.slice(i, i + SAMPLE - found.length);
      i += chunk.length;
      const keys = await db.getAll(...chunk.map((d) => voteKeyRef(db, uid, d.id)));
      chunk.forEach((track, j) => {
        if (!keys[j]?.exists) found.push(track);
      });
    }
    const lastKey: unknown = page.docs.at(-1)?.get('rand');
    after = typeof lastKey === 'number' ? lastKey : undefined;
    if (page.size < limit) {
      if (wrapped) break;
      wrapped = true;
      after = undefined;
      shortBy = limit - page.size;
    }
  }
  const createdAt = (d: DocumentSnapshot) => String(d.get('created_at'));
  return found.sort((a, b) => createdAt(b).localeCompare(createdAt(a))).slice(0, TRACKS_PER_SESSION);
}

/** The clips of a new session, in random order. Read outside any transaction. */
export async function pickSessionTracks(deps: Deps, uid: string): Promise<SessionPick[]> {
  const { db } = deps;
  const tracks = await candidateTracks(db, uid);
  if (tracks.length === 0) return [];
  // Candidates all have a clip_id (candidateTracks keeps only those).
  const clips = await db.getAll(...tracks.map((t) => db.collection(COL.clips).doc(String(t.get('clip_id')))));
  const picks: SessionPick[] = [];
  for (const [i, track] of tracks.entries()) {
    const path: unknown = clips[i]?.get('path');
    if (typeof path !== 'string' || !path) continue;
    picks.push({ track_id: track.id, clip_path: path });
  }
  return shuffle(picks);
}
