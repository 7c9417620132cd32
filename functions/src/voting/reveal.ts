import { performance } from 'node:perf_hooks';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import type { GuessTally, Reveal } from '../../../common/contest/voting';
import { COL } from '../platform/firestore/collections';
import type { TrackDoc } from '../tracks/track-doc';

/** What a voter learns about a track once their vote is recorded (never before). */
export function revealOf(track: TrackDoc): Reveal {
  return {
    title: track.title,
    artist_name: track.artist_name,
    song_type: track.song_type,
    cover_art_url: track.cover_art_url,
    hybrid_ai_elements: track.hybrid_ai_elements ?? [],
    hybrid_human_elements: track.hybrid_human_elements ?? [],
    hybrid_tools_used: track.hybrid_tools_used ?? [],
    creation_story: track.creation_story ?? null,
  };
}

const whole = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0);

/** How the other voters guessed a track, from its rolled-up track_stats (zeros before any rollup). */
export function othersOf(stats: DocumentSnapshot): GuessTally {
  return { ai: whole(stats.get('guess_ai')), human: whole(stats.get('guess_human')), hybrid: whole(stats.get('guess_hybrid')) };
}

/**
 * How long an instance answers reveals from the tallies it read (track_stats): the rollup
 * rewrites them at most every few seconds (refresh-scheduler.ts), while a hot track's votes
 * each read them again, a third request per vote.
 */
export const OTHERS_KEPT_MS = 2_000;
/** Past this many tracks, tallies older than OTHERS_KEPT_MS are dropped before one more is kept. */
const KEPT_TRACKS = 1_000;
const kept = new WeakMap<Firestore, Map<string, { until: number; snap: Promise<DocumentSnapshot> }>>();

/**
 * A track's track_stats (for othersOf), read at most once per OTHERS_KEPT_MS by this instance;
 * the rollup of this instance forgets them (forgetOthersGuessed), so its own rollups show at once.
 */
export function othersGuessed(db: Firestore, trackId: string): Promise<DocumentSnapshot> {
  let tracks = kept.get(db);
  if (!tracks) kept.set(db, (tracks = new Map()));
  const now = performance.now();
  const hit = tracks.get(trackId);
  if (hit && hit.until > now) return hit.snap;
  if (tracks.size >= KEPT_TRACKS) for (const [id, k] of tracks) if (k.until <= now) tracks.delete(id);
  const entry = { until: now + OTHERS_KEPT_MS, snap: db.collection(COL.trackStats).doc(trackId).get() };
  tracks.set(trackId, entry);
  // A failed read is not kept: the next vote reads again.
  entry.snap.catch(() => {
    if (tracks.get(trackId) === entry) tracks.delete(trackId);
  });
  return entry.snap;
}

/** Forgets every tally this instance kept (after its rollup rewrote them). */
export const forgetOthersGuessed = (db: Firestore): void => void kept.delete(db);
