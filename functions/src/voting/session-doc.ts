import type { DocumentSnapshot } from 'firebase-admin/firestore';
import type { VoteSessionView } from '../../../common/voting';

/**
 * vote_sessions/{id} as stored. `clips[i].clip_id` is a handle of this session only, and
 * `track_ids[i]` / `clip_paths[i]` the track and stored clip behind it; those two,
 * `clip_seed`, `clips_expire_at` and `voted_clip_ids` never leave the server (the sync registry
 * sends only the view's fields).
 */
export type VoteSessionDoc = Omit<VoteSessionView, 'id'> & {
  user_id: string;
  track_ids: string[];
  clip_paths: string[];
  /** Seeds the session's renditions of its clips (clip-rendition.ts); absent in sessions stored before them. */
  clip_seed?: string;
  /** Until when the session's clip URLs play (ISO; serve-clip.ts checks it). */
  clips_expire_at: string;
  /** Clips settled by a vote of this session (scored, or refused for the track's sake). */
  voted_clip_ids: string[];
};

export function sessionView(snap: DocumentSnapshot): VoteSessionView {
  const s = snap.data() as VoteSessionDoc;
  return {
    id: snap.id,
    clips: s.clips.map((c) => ({ clip_id: c.clip_id, clip_url: c.clip_url })),
    is_first_session: s.is_first_session,
    token_cost: s.token_cost,
    created_at: s.created_at,
    completed_at: s.completed_at,
  };
}

/** The track behind a clip of the session, or null when the clip is not part of it. */
export function trackOfClip(session: VoteSessionDoc, clipId: string): string | null {
  const i = session.clips.findIndex((c) => c.clip_id === clipId);
  return i < 0 ? null : (session.track_ids[i] ?? null);
}
