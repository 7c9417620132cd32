import { z } from 'zod';
import { SONG_TYPES } from '../../../common/contest';
import { docId } from '../../../common/schemas';

/**
 * The part of a client VoteDoc (common/contest.ts) the server reads. The other fields
 * (status, is_correct, reveal, error, updatedAt) are the server's to decide and are ignored.
 */
export const clientVote = z.object({
  id: z.string().max(64).pipe(docId),
  session_id: docId,
  clip_id: docId,
  guess: z.enum(SONG_TYPES),
  created_at: z.string().min(1).max(64),
  _deleted: z.boolean().optional(),
});
export type ClientVote = z.infer<typeof clientVote>;

export const clientVotes = z.array(clientVote);
