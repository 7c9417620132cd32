import type { VoteDoc, VoteInput } from '@common/contest/voting';
import { loadDataLayer } from '@/data/lazy';
import { markUnsentVotes } from '@/data/unsent-votes';
import { useSession } from '@/lib/session';
import { newVote } from './new-vote';

/**
 * Stores the guess locally (works offline); replication pushes it, now or when the connection
 * returns, and the server's scored state with the reveal comes back into the same document.
 */
export async function submitVote(input: VoteInput): Promise<VoteDoc> {
  const db = await (await loadDataLayer()).getDatabase();
  const vote = newVote(input);
  const uid = useSession.getState().user?.uid;
  if (uid) markUnsentVotes(uid);
  await db.votes.insert(vote);
  return vote;
}
