import type { VoteDoc } from '@common/contest';
import { loadDataLayer } from '@/data/lazy';
import { newVote, type SubmitVoteInput } from './new-vote';

/**
 * Stores the guess locally (works offline); replication pushes it, now or when the connection
 * returns, and the server's scored state with the reveal comes back into the same document.
 */
export async function submitVote(input: SubmitVoteInput): Promise<VoteDoc> {
  const db = await (await loadDataLayer()).getDatabase();
  const vote = newVote(input);
  await db.votes.insert(vote);
  return vote;
}
