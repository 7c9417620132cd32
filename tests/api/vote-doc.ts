import { randomUUID } from 'node:crypto';
import type { SongType } from '../../common/contest/contest';

/** A client vote document as the PWA creates it offline. */
export function voteDoc(sessionId: string, clipId: string, guess: SongType, id = `v_${randomUUID()}`) {
  return {
    id,
    session_id: sessionId,
    clip_id: clipId,
    guess,
    created_at: '2026-03-01T12:00:00.000Z',
    status: 'pending',
    is_correct: null,
    reveal: null,
    error: null,
    updatedAt: 0,
    _deleted: false,
  };
}
