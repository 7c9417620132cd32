import type { Reveal } from '../../../common/voting';
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
