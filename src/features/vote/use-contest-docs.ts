import { useEffect, useState } from 'react';
import type { Observable } from 'rxjs';
import { map } from 'rxjs';
import type { VoteDoc, VoteSessionView } from '@common/contest';
import type { Database } from '@/data/database';
import { loadDataLayer } from '@/data/lazy';

/** A live RxDB value for `id` (undefined while loading). `query` must be a stable function. */
function useRxValue<T>(id: string | null, query: (db: Database, id: string) => Observable<T>): T | undefined {
  const [value, setValue] = useState<{ id: string; value: T } | undefined>(undefined);
  useEffect(() => {
    if (!id) return;
    let cancelled = false;
    let unsubscribe = () => {};
    void loadDataLayer()
      .then((m) => m.getDatabase())
      .then((db) => {
        if (cancelled) return;
        const sub = query(db, id).subscribe((v) => setValue({ id, value: v }));
        unsubscribe = () => sub.unsubscribe();
      });
    return () => {
      cancelled = true;
      unsubscribe();
    };
  }, [id, query]);
  return value && value.id === id ? value.value : undefined;
}

const sessionQuery = (db: Database, id: string) =>
  db.vote_sessions.findOne(id).$.pipe(map((d) => (d ? (d.toMutableJSON() as VoteSessionView) : null)));

const votesQuery = (db: Database, sessionId: string) =>
  db.votes.find({ selector: { session_id: sessionId } }).$.pipe(map((docs) => docs.map((d) => d.toMutableJSON() as VoteDoc)));

/** The replicated vote session (null until it has been pulled). */
export const useSessionDoc = (id: string | null) => useRxValue(id, sessionQuery);

/** The session's votes as stored locally: pending, then scored (with the reveal) or rejected. */
export const useSessionVotes = (sessionId: string | null) => useRxValue(sessionId, votesQuery);
