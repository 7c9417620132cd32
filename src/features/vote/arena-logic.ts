import type { SessionClip, VoteDoc } from '@common/contest/voting';
import { VOTE_TEXT } from './vote-texts';

type VoteLike = Pick<VoteDoc, 'id' | 'clip_id' | 'status' | 'is_correct' | 'created_at'>;
type SessionLike = { id: string; clips: readonly SessionClip[]; created_at: string; completed_at: string | null };

/** correct/total over the session's scored votes; pending ones are counted apart. */
export function sessionScore(votes: Iterable<VoteLike>): { correct: number; total: number; pending: number } {
  let correct = 0;
  let total = 0;
  let pending = 0;
  for (const v of votes) {
    if (v.status === 'scored') {
      total += 1;
      if (v.is_correct) correct += 1;
    } else if (v.status === 'pending') pending += 1;
  }
  return { correct, total, pending };
}

/** Progress is index/(count-1), as a percentage; a single track is complete. */
export function progressPercent(index: number, count: number): number {
  if (count <= 1) return 100;
  return Math.min(100, Math.max(0, (index / (count - 1)) * 100));
}

/** One vote per clip: a scored or pending vote wins over a rejected one, then the newest. */
export function votesByClip<T extends VoteLike>(votes: Iterable<T>): Map<string, T> {
  const rank = (v: VoteLike) => (v.status === 'rejected' ? 0 : 1);
  const map = new Map<string, T>();
  for (const v of votes) {
    const seen = map.get(v.clip_id);
    if (!seen || rank(v) > rank(seen) || (rank(v) === rank(seen) && v.created_at > seen.created_at)) map.set(v.clip_id, v);
  }
  return map;
}

/** Where a (resumed) session continues: its first clip without a vote, else its last clip. */
export function firstOpenIndex(clips: readonly SessionClip[], voted: ReadonlyMap<string, unknown>): number {
  const open = clips.findIndex((c) => !voted.has(c.clip_id));
  return open >= 0 ? open : Math.max(0, clips.length - 1);
}

/**
 * The session to continue after a reload: the newest one not completed with a clip still to vote
 * on, or whose results are still to come (every clip voted, some guess saved on the device and
 * not sent yet: a session finished offline, whose score shows once back online).
 */
export function resumableSession<S extends SessionLike>(sessions: readonly S[], votes: readonly VoteLike[]): S | null {
  const votedClips = new Set(votes.map((v) => v.clip_id));
  const unsentClips = new Set(votes.filter((v) => v.status === 'pending').map((v) => v.clip_id));
  const open = sessions
    .filter((s) => s.completed_at === null && s.clips.some((c) => !votedClips.has(c.clip_id) || unsentClips.has(c.clip_id)))
    .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
  return open[0] ?? null;
}

/** The verdict shown after a reveal. */
export function verdict(vote: Pick<VoteDoc, 'is_correct' | 'reveal'>): string | null {
  if (!vote.reveal || vote.is_correct === null) return null;
  return vote.is_correct ? VOTE_TEXT.correct : VOTE_TEXT.notQuite(vote.reveal.song_type);
}
