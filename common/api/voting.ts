import { z } from 'zod';
import type { VoteSessionView } from '../contest/voting';
import { endpoint, jsonBody, typed } from './contract';
import { shownTokenCost } from './tokens';

/**
 * The body is empty, `{}`, or `{ token_cost }`: the price the caller was shown and agrees to pay
 * for a new session. The server alone decides which clips and what it costs.
 */
export const openSessionInput = z.union([z.undefined(), z.strictObject({ token_cost: shownTokenCost })]);

/** Vote sessions (functions/src/voting/router.ts); votes arrive through sync push. */
export const voting = {
  open: endpoint({
    method: 'POST',
    path: '/api/vote-sessions',
    access: 'user',
    summary: 'Opens a vote session (201), or answers the open one (200); { session: null } when no clips are left',
    body: jsonBody(openSessionInput),
    response: typed<{ session: VoteSessionView | null; balance?: number }>('OpenedSession', 201),
  }),
} as const;
