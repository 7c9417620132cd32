import { useCallback, useEffect, useState } from 'react';
import type { VoteSessionView } from '@common/voting';
import { afterWrite, loadDataLayer } from '@/data/lazy';
import { notifyError } from '@/lib/notify';
import { resumableSession } from './arena-logic';
import { chooseSession } from './choose-session';
import { openVoteSession } from './open-vote-session';
import { useSessionDoc } from './use-contest-docs';
import { VOTE_TEXT } from './vote-texts';

export type SessionPhase =
  | { kind: 'loading' }
  | { kind: 'ready'; sessionId: string }
  | { kind: 'empty' }
  | { kind: 'insufficient'; message: string; detail: string }
  | { kind: 'error' };

/** How long to wait for the first pull of sessions and votes before showing the session anyway. */
const PULL_WAIT_MS = 5_000;
const delay = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The data layer, with this user's sessions and votes pulled when online (at most PULL_WAIT_MS). */
async function pulled(uid: string) {
  const m = await loadDataLayer();
  if (navigator.onLine) {
    await Promise.race([Promise.all([m.awaitInitialPull(uid, 'vote_sessions'), m.awaitInitialPull(uid, 'votes')]), delay(PULL_WAIT_MS)]);
  }
  return m;
}

/** The newest unfinished session on this device. */
async function onDevice(layer: ReturnType<typeof pulled>): Promise<VoteSessionView | null> {
  const db = await (await layer).getDatabase();
  const [sessionDocs, voteDocs] = await Promise.all([db.vote_sessions.find().exec(), db.votes.find().exec()]);
  return resumableSession(sessionDocs.map((d) => d.toMutableJSON()), voteDocs.map((d) => d.toMutableJSON()));
}

/**
 * The session to vote in: the server's open one or a newly opened one (online), or the one in
 * progress on this device (offline: it survives reloads). chooseSession says why.
 */
export function useVoteSession(uid: string) {
  const [phase, setPhase] = useState<SessionPhase>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    setPhase({ kind: 'loading' });
    void (async () => {
      // The arena shows the session's votes from RxDB: they are pulled while the server answers.
      const layer = pulled(uid);
      const [choice] = await Promise.all([chooseSession(navigator.onLine, () => onDevice(layer), openVoteSession), layer]);
      // A session the server returns is read from RxDB like any other: pull it before showing it.
      if (choice.kind === 'session') await afterWrite(['vote_sessions']);
      if (cancelled) return;
      if (choice.kind === 'resume') return setPhase({ kind: 'ready', sessionId: choice.sessionId });
      setPhase(choice.kind === 'session' ? { kind: 'ready', sessionId: choice.session.id } : choice);
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
