import { map } from 'rxjs';
import type { Database } from '@/data/database';
import { useRxValue } from '@/hooks/use-rx-value';

const sessionQuery = (db: Database, id: string) =>
  db.vote_sessions.findOne(id).$.pipe(map((d) => (d ? d.toMutableJSON() : null)));

const votesQuery = (db: Database, sessionId: string) =>
  db.votes.find({ selector: { session_id: sessionId } }).$.pipe(map((docs) => docs.map((d) => d.toMutableJSON())));

/** The replicated vote session (null until it has been pulled). */
export const useSessionDoc = (id: string | null) => useRxValue(id, sessionQuery);

/** The session's votes as stored locally: pending, then scored (with the reveal) or rejected. */
export const useSessionVotes = (sessionId: string | null) => useRxValue(sessionId, votesQuery);
