import * as z from 'zod/mini';
import { isDocId } from '../doc-id';
import { SONG_TYPES } from './contest';
import { changeTime as updatedAt, docKey as id, publicFieldsOf, rxSchemaOf } from '../rx-schema';

/** The contest's replicated documents (votes, vote sessions) and the vote a client makes. */

const songType = z.enum(SONG_TYPES);
const nullableText = z.nullable(z.string());
const textList = z.array(z.string());
/** An id the server can look up (common/schemas.ts docId, in zod/mini for the offline vote). */
const lookupId = z.string().check(z.maxLength(700), z.refine(isDocId, 'Invalid id'));

/** How many votes guessed each song type. */
const guessTally = z.object({ ai: z.number(), human: z.number(), hybrid: z.number() });
export type GuessTally = z.infer<typeof guessTally>;

/** What a voter learns about a track once their vote is recorded, never before. */
export const reveal = z.object({
  title: z.string(),
  artist_name: z.string(),
  song_type: songType,
  cover_art_url: nullableText,
  hybrid_ai_elements: textList,
  hybrid_human_elements: textList,
  hybrid_tools_used: textList,
  creation_story: nullableText,
  /**
   * How the other voters had guessed the track when this vote was scored (the rolled-up tallies,
   * docs/adr/0027-distributed-vote-counters.md); absent on votes scored before it existed.
   */
  others: z.optional(guessTally),
});
export type Reveal = z.infer<typeof reveal>;

/** A guess on one clip of a session: what the vote form sends, and what the server checks. */
export const voteInput = z.strictObject({ session_id: lookupId, clip_id: lookupId, guess: songType });
export type VoteInput = z.infer<typeof voteInput>;

/**
 * The listener's skill rating around a scored vote (common/contest/rating.ts): before it, after
 * it, and the deviation after it; the end screen shows the last one and the session's change.
 */
export const voteRating = z.object({ before: z.number(), after: z.number(), deviation: z.number() });
export type VoteRating = z.infer<typeof voteRating>;

/** A vote as the client writes it (offline) and the server completes it with the reveal. */
export const voteDoc = z.object({
  id,
  session_id: z.string(),
  clip_id: z.string(),
  guess: songType,
  created_at: z.string(),
  /** pending until the server scored it; rejected when the server refused it. */
  status: z.enum(['pending', 'scored', 'rejected']),
  is_correct: z.nullable(z.boolean()),
  reveal: z.nullable(reveal),
  /** Set by the server on a scored vote; null while pending, on a refused vote and on votes scored before ratings. */
  rating: z.nullable(voteRating),
  error: nullableText,
  updatedAt,
});
export type VoteDoc = z.infer<typeof voteDoc>;
export const VOTE_PUBLIC_FIELDS = publicFieldsOf(voteDoc.shape);
/** Version 1: the reveal's `others` (optional: nothing to migrate); version 2: `rating` (null on stored votes). */
export const voteRxSchema = rxSchemaOf(voteDoc, { version: 2 });

/**
 * One clip of a vote session: a handle that only this session uses (votes name the clip by it)
 * and the URL that plays it; nothing about the track, and nothing shared with other sessions.
 */
const sessionClip = z.object({ clip_id: z.string(), clip_url: z.string() });
export type SessionClip = z.infer<typeof sessionClip>;

/** A vote session of the signed-in user (pull only): opaque clip ids and signed clip URLs; the server's stored session extends it. */
export const voteSessionDoc = z.object({
  id,
  clips: z.array(sessionClip),
  is_first_session: z.boolean(),
  token_cost: z.number(),
  created_at: z.string(),
  completed_at: nullableText,
  updatedAt,
});
export type VoteSession = z.infer<typeof voteSessionDoc>;
/** A session as the API answers it (the replicated document without its change time). */
export type VoteSessionView = Omit<VoteSession, 'updatedAt'>;
export const VOTE_SESSION_PUBLIC_FIELDS = publicFieldsOf(voteSessionDoc.shape);
export const voteSessionRxSchema = rxSchemaOf(voteSessionDoc, { version: 0 });
