import { useCallback, useEffect, useState } from 'react';
import type { VoteSessionView } from '@common/contest/voting';
import { afterWrite, loadDataLayer } from '@/data/lazy';
import { notifyError } from '@/lib/notify';
import { resumableSession } from '../arena-logic';
import { chooseSession } from './choose-session';
import { openVoteSession } from './open-vote-session';
import type { SessionCost } from './session-errors';
import { useSessionDoc } from './use-contest-docs';
import { VOTE_TEXT } from '../vote-texts';

export type SessionPhase =
  | { kind: 'loading' }
  | { kind: 'ready'; sessionId: string }
  | { kind: 'empty' }
  | { kind: 'insufficient'; message: string; detail: string }
  /** A new session costs tokens: its price and the balance, to confirm before anything is charged. */
  | ({ kind: 'confirm' } & SessionCost)
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
 * progress on this device (offline: it survives reloads). chooseSession says why. A new session
 * that costs tokens is opened only by `start`, with the price the `confirm` phase showed.
 */
export function useVoteSession(uid: string) {
  const [phase, setPhase] = useState<SessionPhase>({ kind: 'loading' });
  // Each request to the server: `tokenCost` is the price the listener confirmed, if any.
  const [request, setRequest] = useState<{ attempt: number; tokenCost?: number }>({ attempt: 0 });
  const [starting, setStarting] = useState(false);

  useEffect(() => {
    let cancelled = false;
    const { tokenCost } = request;
    // A confirmed price keeps its dialog up (busy) until the server answers; anything else starts over.
    if (tokenCost === undefined) setPhase({ kind: 'loading' });
    else setStarting(true);
    void (async () => {
      // The arena shows the session's votes from RxDB: they are pulled while the server answers.
      const layer = pulled(uid);
      const [choice] = await Promise.all([chooseSession(navigator.onLine, () => onDevice(layer), () => openVoteSession(tokenCost)), layer]);
      // A session the server returns is read from RxDB like any other: pull it before showing it,
      // and the balance with it when it was paid for (a free one changed none).
      if (choice.kind === 'session') await afterWrite(tokenCost === undefined ? ['vote_sessions'] : ['vote_sessions', 'token_balances']);
      if (cancelled) return;
      if (choice.kind === 'resume') return setPhase({ kind: 'ready', sessionId: choice.sessionId });
      setPhase(choice.kind === 'session' ? { kind: 'ready', sessionId: choice.session.id } : choice);
    })()
      .catch((err: unknown) => {
        if (cancelled) return;
        notifyError(VOTE_TEXT.loadFailed, err);
        setPhase({ kind: 'error' });
      })
      .finally(() => {
        if (!cancelled) setStarting(false);
      });
    return () => {
      cancelled = true;
    };
  }, [uid, request]);

  const sessionId = phase.kind === 'ready' ? phase.sessionId : null;
  const session = useSessionDoc(sessionId) ?? null;
  const reload = useCallback(() => setRequest((r) => ({ attempt: r.attempt + 1 })), []);
  /** Opens a new session at the price the listener confirmed. */
  const start = useCallback((tokenCost: number) => setRequest((r) => ({ attempt: r.attempt + 1, tokenCost })), []);
  return { phase, session, reload, start, starting, confirmed: request.tokenCost !== undefined };
}
