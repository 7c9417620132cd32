import { useCallback, useEffect, useState } from 'react';
import type { VoteSessionView } from '@common/voting';
import { afterWrite, loadDataLayer } from '@/data/lazy';
import { notifyError } from '@/lib/notify';
import { resumableSession } from './arena-logic';
import { openVoteSession } from './open-vote-session';
import { useSessionDoc } from './use-contest-docs';
import { VOTE_TEXT } from './vote-texts';

export type SessionPhase =
  | { kind: 'loading' }
  | { kind: 'ready'; sessionId: string }
  | { kind: 'empty' }
  | { kind: 'insufficient'; message: string; detail: string }
  | { kind: 'error' };

/** How long to wait for the first pull of sessions and votes before deciding locally. */
const PULL_WAIT_MS = 5_000;
const delay = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The newest unfinished session on this device (after the first pull, when online). */
async function findResumable(uid: string): Promise<VoteSessionView | null> {
  const m = await loadDataLayer();
  const db = await m.getDatabase();
  if (navigator.onLine) {
    await Promise.race([Promise.all([m.awaitInitialPull(uid, 'vote_sessions'), m.awaitInitialPull(uid, 'votes')]), delay(PULL_WAIT_MS)]);
  }
  const [sessionDocs, voteDocs] = await Promise.all([db.vote_sessions.find().exec(), db.votes.find().exec()]);
  return resumableSession(sessionDocs.map((d) => d.toMutableJSON()), voteDocs.map((d) => d.toMutableJSON()));
}

/**
 * The session to vote in: the one in progress (it survives reloads and works offline), or a
 * newly opened one (online only).
 */
export function useVoteSession(uid: string) {
  const [phase, setPhase] = useState<SessionPhase>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    setPhase({ kind: 'loading' });
    void (async () => {
      const resume = await findResumable(uid);
      if (cancelled) return;
      if (resume) return setPhase({ kind: 'ready', sessionId: resume.id });
      const result = await openVoteSession();
      // The session is read from RxDB like any other: pull it before showing it.
      if (result.kind === 'session') await afterWrite(['vote_sessions']);
      if (cancelled) return;
      setPhase(result.kind === 'session' ? { kind: 'ready', sessionId: result.session.id } : result);
    })().catch((err: unknown) => {
      if (cancelled) return;
      notifyError(VOTE_TEXT.loadFailed, err);
      setPhase({ kind: 'error' });
    });
    return () => {
      cancelled = true;
    };
  }, [uid, attempt]);

  const sessionId = phase.kind === 'ready' ? phase.sessionId : null;
  const session = useSessionDoc(sessionId) ?? null;
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { phase, session, reload };
}
