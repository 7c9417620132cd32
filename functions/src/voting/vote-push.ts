import { scheduleLeaderboardRefresh } from '../leaderboards/refresh-scheduler';
import { admitAlone, rateLimitCounter } from '../platform/http/rate-limit';
import { parse } from '../platform/http/validate';
import type { PushHandler } from '../sync/push';
import type { ClientDoc } from '../sync/registry';
import { scoreVote } from './score-vote';
import { clientVotes, type ClientVote } from './vote-input';

/** What a caller gets back for a vote the server refused without storing it: the reason, nothing of anyone else's. */
const refusal = (v: ClientVote, error: string): ClientDoc => ({
  id: v.id,
  updatedAt: Date.now(),
  _deleted: false,
  session_id: v.session_id,
  clip_id: v.clip_id,
  guess: v.guess,
  created_at: v.created_at,
  status: 'rejected',
  is_correct: null,
  reveal: null,
  error,
});

/**
 * POST /api/sync/votes/push: every row is scored (or refused) in its own transaction, one
 * after the other, and the server's state of every row comes back as master state: the
 * scored vote with its reveal, or the refusal with its reason, as each transaction wrote it
 * (a refusal of what is not the caller's is answered, not stored).
 * A malformed row fails the whole request with a 400 before anything is written, and a push
 * over the user's limit with a 429.
 */
export const votesPushHandler: PushHandler = async (deps, caller, rows) => {
  const votes = parse(clientVotes, rows.map((r) => r.newDocumentState));
  // A push is limited per user: counted in its first vote's transaction (one round trip less
  // per push), or on its own when it carries no vote.
  const limit = rateLimitCounter(deps, 'vote_push', caller.uid);
  if (votes.length === 0) await admitAlone(deps.db, limit);
  const docs: ClientDoc[] = [];
  let scored = false;
  for (const [i, vote] of votes.entries()) {
    const result = await scoreVote(deps, caller.uid, vote, i === 0 ? limit : undefined);
    scored ||= result.outcome === 'scored';
    docs.push(result.outcome === 'refused' ? refusal(vote, result.error) : result.doc);
  }
  if (scored) scheduleLeaderboardRefresh(deps);
  return docs;
};
