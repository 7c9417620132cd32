import { z } from 'zod';
import { docId } from '../../../common/schemas';
import { voteInput } from '../../../common/contest/voting';

/**
 * The part of a client VoteDoc (common/contest/voting.ts) the server reads: its id, the vote input the
 * client checked, and when. The other fields (status, is_correct, reveal, error, updatedAt) are
 * the server's to decide and are ignored.
 */
export const clientVote = z.object({
  id: z.string().max(64).pipe(docId),
  ...voteInput.shape,
  created_at: z.string().min(1).max(64),
  _deleted: z.boolean().optional(),
});
export type ClientVote = z.infer<typeof clientVote>;

export const clientVotes = z.array(clientVote);
