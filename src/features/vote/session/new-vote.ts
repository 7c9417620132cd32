import { voteInput, type VoteDoc, type VoteInput } from '@common/contest/voting';

/** A new vote as the client writes it (its input checked as the server will): pending until the server scores it. */
export function newVote(input: VoteInput, now: Date = new Date(), id: string = crypto.randomUUID()): VoteDoc {
  const v = voteInput.parse(input);
  return {
    id,
    session_id: v.session_id,
    clip_id: v.clip_id,
    guess: v.guess,
    created_at: now.toISOString(),
    status: 'pending',
    is_correct: null,
    reveal: null,
    rating: null,
    error: null,
    updatedAt: now.getTime(),
  };
}
