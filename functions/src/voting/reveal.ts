import type { DocumentSnapshot } from 'firebase-admin/firestore';
import type { GuessTally, Reveal } from '../../../common/voting';
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
