import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { voteSessionDoc, type VoteSessionView } from '../../../common/contest/voting';
import { COL } from '../platform/firestore/collections';
import { converter, parseStored } from '../platform/firestore/typed-collection';
import { storedRatingFields } from './ratings';

/**
 * vote_sessions/{id} as stored (besides its change time and tombstone). `clips[i].clip_id` is a
 * handle of this session only, and `track_ids[i]` / `clip_paths[i]` the track and stored clip
 * behind it; those two, `clip_seed`, `clips_expire_at` and `voted_clip_ids` never leave the server
 * (the sync registry sends only the view's fields).
 */
const view = voteSessionDoc.shape;
const storedSession = z.object({
  clips: view.clips,
  is_first_session: view.is_first_session,
  token_cost: view.token_cost,
  created_at: view.created_at,
  completed_at: view.completed_at,
  user_id: z.string(),
  track_ids: z.array(z.string()),
  clip_paths: z.array(z.string()),
  /** Seeds the session's renditions of its clips (clip-rendition.ts); absent in sessions stored before them. */
  clip_seed: z.string().optional(),
  /** Until when the session's clip URLs play (ISO; serve-clip.ts checks it). */
  clips_expire_at: z.string(),
  /** Clips settled by a vote of this session (scored, or refused for the track's sake). */
  voted_clip_ids: z.array(z.string()).optional(),
});
export type VoteSessionDoc = z.infer<typeof storedSession>;

/** The vote_sessions collection, read through the stored session's schema. */
export const sessionsCol = (db: Firestore) => db.collection(COL.voteSessions).withConverter(converter(storedSession, COL.voteSessions));
/** A session read without the converter (a snapshot of a mixed getAll), parsed the same way. */
export const sessionOf = (snap: DocumentSnapshot): VoteSessionDoc => parseStored(storedSession, COL.voteSessions, snap.id, snap.data());

/**
 * user_vote_stats/{uid}: the voter's counts and rating (score-vote.ts) and the lock of their sessions
 * (open-session.ts: the open session's id and how many they opened); each part is written by its
 * own writer, so each may be missing.
 */
const storedVoterStats = z.object({
  user_id: z.string().optional(),
  total: z.number().optional(),
  correct: z.number().optional(),
  open_session_id: z.string().nullish(),
  sessions_opened: z.number().optional(),
  /** The listener's skill rating (ratings.ts), absent before their first scored vote. */
  ...storedRatingFields,
});
export type VoterStats = z.infer<typeof storedVoterStats>;
export const voterStatsCol = (db: Firestore) => db.collection(COL.userVoteStats).withConverter(converter(storedVoterStats, COL.userVoteStats));
/** The voter's stats of a snapshot read without the converter; undefined when there are none. */
export const voterStatsOf = (snap: DocumentSnapshot | undefined): VoterStats | undefined =>
  snap?.exists ? parseStored(storedVoterStats, COL.userVoteStats, snap.id, snap.data()) : undefined;

export function sessionView(snap: DocumentSnapshot<VoteSessionDoc>): VoteSessionView {
  const s = snap.data();
  if (!s) throw new Error(`Vote session ${snap.id} does not exist`);
  return {
    id: snap.id,
    clips: s.clips.map((c) => ({ clip_id: c.clip_id, clip_url: c.clip_url })),
    is_first_session: s.is_first_session,
    token_cost: s.token_cost,
    created_at: s.created_at,
    completed_at: s.completed_at,
  };
}

/** The track behind a clip of the session, or null when the clip is not part of it. */
export function trackOfClip(session: VoteSessionDoc, clipId: string): string | null {
  const i = session.clips.findIndex((c) => c.clip_id === clipId);
  return i < 0 ? null : (session.track_ids[i] ?? null);
}
