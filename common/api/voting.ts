import { z } from 'zod';
import type { VoteSessionView } from '../contest/voting';
import { endpoint, json, jsonBody } from './contract';
import { shownTokenCost } from './tokens';

/**
 * The body is empty, `{}`, or `{ token_cost }`: the price the caller was shown and agrees to pay
 * for a new session. The server alone decides which clips and what it costs.
 */
export const openSessionInput = z.union([z.undefined(), z.strictObject({ token_cost: shownTokenCost })]);

/** A session as the API answers it: opaque clip ids and signed clip URLs (checked against the client's VoteSessionView). */
const voteSessionView: z.ZodType<VoteSessionView> = z
  .strictObject({
    id: z.string(),
    clips: z.array(z.strictObject({ clip_id: z.string(), clip_url: z.string() })),
    is_first_session: z.boolean(),
    token_cost: z.number(),
    created_at: z.string(),
    completed_at: z.string().nullable(),
  })
  .meta({ title: 'VoteSessionView' });
/** The open or new session with the caller's balance after it, or `{ session: null }` when no clips are left. */
const openedSession = z
  .union([z.strictObject({ session: voteSessionView, balance: z.number() }), z.strictObject({ session: z.null() })])
  .meta({ title: 'OpenedSession' });

/** Vote sessions (functions/src/voting/router.ts); votes arrive through sync push. */
export const voting = {
  open: endpoint({
    method: 'POST',
    path: '/api/vote-sessions',
    access: 'user',
    summary: 'Opens a vote session (201), or answers the open one (200); { session: null } when no clips are left',
    body: jsonBody(openSessionInput),
    response: json(openedSession, 201),
  }),
} as const;
