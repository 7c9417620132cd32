import type { VoteSessionView } from '@common/voting';
import { api } from '@/lib/api';
import { insufficientTokens } from './session-errors';

type OpenSessionResponse = { session: VoteSessionView | null; balance: number };

export type OpenSessionResult =
  | { kind: 'session'; session: VoteSessionView }
  | { kind: 'empty' }
  | { kind: 'insufficient'; message: string; detail: string };

let inFlight: Promise<OpenSessionResult> | null = null;

/**
 * POST /api/vote-sessions: opens (and pays for, unless free) a session of up to 10 clips.
 * Concurrent calls share one request, so a remount never opens two sessions.
 */
export function openVoteSession(): Promise<OpenSessionResult> {
  inFlight ??= (async (): Promise<OpenSessionResult> => {
    try {
      const res = await api<OpenSessionResponse>('/vote-sessions', { body: {} });
      return res.session && res.session.clips.length > 0 ? { kind: 'session', session: res.session } : { kind: 'empty' };
    } catch (err) {
      const tokens = insufficientTokens(err);
      if (tokens) return { kind: 'insufficient', ...tokens };
      throw err;
    }
  })().finally(() => {
    inFlight = null;
  });
  return inFlight;
}
