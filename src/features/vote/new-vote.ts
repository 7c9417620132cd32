import * as z from 'zod/mini';
import { SONG_TYPES, type VoteDoc } from '@common/contest';

export const submitVoteInput = z.strictObject({
  session_id: z.string().check(z.minLength(1)),
  clip_id: z.string().check(z.minLength(1)),
  guess: z.enum(SONG_TYPES),
});
export type SubmitVoteInput = z.infer<typeof submitVoteInput>;

/** A new vote as the client writes it: pending until the server scores it. */
export function newVote(input: SubmitVoteInput, now: Date = new Date(), id: string = crypto.randomUUID()): VoteDoc {
  const v = submitVoteInput.parse(input);
  return {
    id,
    session_id: v.session_id,
    clip_id: v.clip_id,
    guess: v.guess,
    created_at: now.toISOString(),
    status: 'pending',
    is_correct: null,
    reveal: null,
    error: null,
    updatedAt: now.getTime(),
  };
}
