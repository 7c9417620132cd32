import type { SessionClip, VoteDoc } from '@common/contest/voting';
import { ratingText } from '@/lib/rating-text';

/** What the end screen needs of a vote: whether it was scored and right, and the rating around it. */
type ResultVote = Pick<VoteDoc, 'status' | 'is_correct' | 'rating'>;

/** One clip's outcome: a right or wrong guess, or none (refused, not scored yet, or never voted on). */
export type Mark = 'right' | 'wrong' | 'none';
const MARK_SYMBOL: Record<Mark, string> = { right: '✅', wrong: '❌', none: '⬜' };

/** The listener's rating after the session, in whole points, and how much the session moved it. */
export type SessionRating = { rating: number; deviation: number; change: number };

/** One mark per clip, in the session's order. */
export function sessionMarks(clips: readonly SessionClip[], votes: ReadonlyMap<string, ResultVote>): Mark[] {
  return clips.map((c) => {
    const v = votes.get(c.clip_id);
    if (v?.status !== 'scored' || v.is_correct === null) return 'none';
    return v.is_correct ? 'right' : 'wrong';
  });
}

/**
 * The rating after the session's last rated vote, and its change since before the first one (the
 * server rates a session's votes one after another, in the clips' order). Null when no vote has a
 * rating (old votes, refused ones, or none scored yet).
 */
export function sessionRating(clips: readonly SessionClip[], votes: ReadonlyMap<string, ResultVote>): SessionRating | null {
  const rated = clips.flatMap((c) => {
    const v = votes.get(c.clip_id);
    return v?.status === 'scored' && v.rating ? [v.rating] : [];
  });
  const first = rated[0];
  const last = rated.at(-1);
  if (!first || !last) return null;
  return { rating: Math.round(last.after), deviation: Math.round(last.deviation), change: Math.round(last.after - first.before) };
}

/** "1712 ± 48": the rating give or take one deviation, as every page shows it (src/lib/rating-text.ts). */
export const formatRating = (r: Pick<SessionRating, 'rating' | 'deviation'>): string => ratingText(r.rating, r.deviation);

/** "+38", "−12" (a minus sign), "±0". */
export const formatChange = (change: number): string => (change > 0 ? `+${change}` : change < 0 ? `−${-change}` : '±0');

/** What a screen reader says for the change: "up 38", "down 12", "unchanged". */
export const describeChange = (change: number): string => (change > 0 ? `up ${change}` : change < 0 ? `down ${-change}` : 'unchanged');

type ShareInput = { score: { correct: number; total: number }; marks: readonly Mark[]; rating: SessionRating | null; link: string };

/**
 * The text a listener shares of a session: the score, one mark per track in order, the rating and
 * the link to the arena. Nothing that names a track (title, artist, type): whoever reads it may
 * still get the same tracks to guess.
 */
export function shareText({ score, marks, rating, link }: ShareInput): string {
  const lines = [`Fool Rate ${score.correct}/${score.total}`, marks.map((m) => MARK_SYMBOL[m]).join('')];
  if (rating) lines.push(`Rating ${formatRating(rating)}`);
  lines.push(link);
  return lines.join('\n');
}
