import type { VoteSessionView } from '@common/contest/voting';
import * as endpoints from '@/lib/api/endpoints.gen';
import { call } from '@/lib/api/call';
import { insufficientTokens, sessionCost, type SessionCost } from './session-errors';

export type OpenSessionResult =
  | { kind: 'session'; session: VoteSessionView }
  | { kind: 'empty' }
  | { kind: 'insufficient'; message: string; detail: string }
  | ({ kind: 'confirm' } & SessionCost);

const inFlight = new Map<number | undefined, Promise<OpenSessionResult>>();

/**
 * POST /api/vote-sessions: the open session, or a new one of up to 10 clips. A new session
 * that costs tokens opens only with `tokenCost`, the price the listener confirmed; without it
 * (or at a price that is no longer the price) nothing is charged and the answer is the price to
 * confirm (`confirm`). Concurrent calls for one price share one request, so a remount never
 * opens two sessions.
 */
export function openVoteSession(tokenCost?: number): Promise<OpenSessionResult> {
  const running = inFlight.get(tokenCost);
  if (running) return running;
  const request = (async (): Promise<OpenSessionResult> => {
    try {
      const res = await call(endpoints.voting.open, { body: tokenCost === undefined ? {} : { token_cost: tokenCost } });
      return res.session && res.session.clips.length > 0 ? { kind: 'session', session: res.session } : { kind: 'empty' };
    } catch (err) {
      const tokens = insufficientTokens(err);
      if (tokens) return { kind: 'insufficient', ...tokens };
      const cost = sessionCost(err);
      if (cost) return { kind: 'confirm', ...cost };
      throw err;
    }
  })().finally(() => inFlight.delete(tokenCost));
  inFlight.set(tokenCost, request);
  return request;
}
