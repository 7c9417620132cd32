import type { Firestore } from 'firebase-admin/firestore';
import type { VoteSessionDoc } from './session-doc';

/** Sessions remembered per instance; the longest unused are forgotten first. */
export const MAX_SESSIONS = 10_000;

type Remembered = { userId: string; trackOf: Map<string, string> };

const byDb = new WeakMap<Firestore, Map<string, Remembered>>();

function sessionsOf(db: Firestore): Map<string, Remembered> {
  let sessions = byDb.get(db);
  if (!sessions) byDb.set(db, (sessions = new Map()));
  return sessions;
}

/**
 * Which track each clip of a session stands for, remembered by this instance. A session's
 * clips and tracks never change once it is opened, so a vote can read its track, its vote key
 * and its user's stats in the same round trip as its session (score-vote.ts). Only a hint:
 * the vote's transaction still reads the session and goes by what it says.
 */
export function rememberSessionTracks(db: Firestore, sessionId: string, session: Pick<VoteSessionDoc, 'user_id' | 'clips' | 'track_ids'>): void {
  const sessions = sessionsOf(db);
  sessions.delete(sessionId);
  const trackOf = new Map<string, string>();
  session.clips.forEach((c, i) => {
    const trackId = session.track_ids[i];
    if (trackId) trackOf.set(c.clip_id, trackId);
  });
  sessions.set(sessionId, { userId: session.user_id, trackOf });
  if (sessions.size > MAX_SESSIONS) sessions.delete(sessions.keys().next().value!);
}

/** The track this instance remembers behind `clipId` of the user's session, or null. */
export function rememberedTrack(db: Firestore, sessionId: string, userId: string, clipId: string): string | null {
  const sessions = sessionsOf(db);
  const session = sessions.get(sessionId);
  if (!session || session.userId !== userId) return null;
  // Used again: the last to be forgotten.
  sessions.delete(sessionId);
  sessions.set(sessionId, session);
  return session.trackOf.get(clipId) ?? null;
}
