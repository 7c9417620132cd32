import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { TIMINGS_MS } from '@common/constants';
import type { SongType } from '@common/contest/contest';
import type { VoteDoc, VoteSessionView } from '@common/contest/voting';
import { useOnline } from '@/hooks/use-online';
import { notifyError } from '@/lib/notify';
import { firstOpenIndex, sessionScore, votesByClip } from './arena-logic';
import { celebrate } from './celebrate';
import { submitVote } from './session/submit-vote';
import { useSessionVotes } from './session/use-contest-docs';
import { sessionMarks, sessionRating } from './share-result';
import { VOTE_TEXT } from './vote-texts';

/** How long 'Submitting...' waits for the server's answer before the guess counts as saved. */
const SUBMIT_WAIT_MS = 5_000;

/** The arena's state: the current track, the guess, submitting, reveals, navigation and score. */
export function useArena(session: VoteSessionView) {
  const online = useOnline();
  const voteList = useSessionVotes(session.id);
  const votes = useMemo(() => votesByClip(voteList ?? []), [voteList]);
  const clips = session.clips;
  const [index, setIndex] = useState<number | null>(null);
  const [finished, setFinished] = useState(false);
  const [guess, setGuess] = useState<SongType | null>(null);
  const [submitting, setSubmitting] = useState<string | null>(null);
  /** The clip whose reveal, when it arrives now, celebrates and advances. */
  const [awaiting, setAwaiting] = useState<string | null>(null);

  useEffect(() => {
    if (index === null && voteList) setIndex(firstOpenIndex(clips, votes));
  }, [index, voteList, clips, votes]);

  const current = index ?? 0;
  const clip = index === null ? undefined : clips[index];
  const vote: VoteDoc | undefined = clip ? votes.get(clip.clip_id) : undefined;
  const isLast = current >= clips.length - 1;

  const mine = useRef(new Set<string>());
  const goTo = useCallback((i: number) => {
    setIndex(i);
    setGuess(null);
    setAwaiting(null);
  }, []);

  const submit = useCallback(async () => {
    if (!clip || !guess || submitting || vote) return;
    setSubmitting(clip.clip_id);
    setAwaiting(clip.clip_id);
    try {
      mine.current.add((await submitVote({ session_id: session.id, clip_id: clip.clip_id, guess })).id);
    } catch (err) {
      notifyError(VOTE_TEXT.submitFailed, err);
      setSubmitting(null);
      setAwaiting(null);
    }
  }, [clip, guess, submitting, vote, session.id]);

  // Submitting ends with the server's answer; offline (or when it is slow) the guess is saved.
  const submittingVote = submitting ? votes.get(submitting) : undefined;
  const submittingStatus = submittingVote?.status;
  useEffect(() => {
    if (!submitting || !submittingStatus) return;
    if (submittingStatus !== 'pending') return setSubmitting(null);
    const saved = () => {
      setSubmitting(null);
      setAwaiting(null);
    };
    if (!online) return saved();
    const t = setTimeout(saved, SUBMIT_WAIT_MS);
    return () => clearTimeout(t);
  }, [submitting, submittingStatus, online]);

  // A reveal that arrives for the guess just made: confetti when right, then the next track.
  const clipId = clip?.clip_id;
  const status = vote?.status;
  const correct = vote?.is_correct === true;
  useEffect(() => {
    if (!clipId || awaiting !== clipId || status !== 'scored') return;
    if (correct) celebrate();
    if (isLast) return setAwaiting(null);
    const t = setTimeout(() => goTo(current + 1), TIMINGS_MS.autoAdvance);
    return () => clearTimeout(t);
  }, [awaiting, clipId, status, correct, isLast, current, goTo]);

  // The server refused a vote (after it was pushed): say so once.
  const seen = useRef(new Map<string, VoteDoc['status']>());
  useEffect(() => {
    for (const v of voteList ?? []) {
      const before = seen.current.get(v.id);
      const fresh = before === undefined ? mine.current.has(v.id) : before !== 'rejected';
      if (v.status === 'rejected' && fresh) notifyError(VOTE_TEXT.submitFailed, v.error ?? undefined);
      seen.current.set(v.id, v.status);
    }
  }, [voteList]);

  const busy = !!clip && submitting === clip.clip_id;
  return {
    ready: index !== null,
    index: current,
    count: clips.length,
    clip,
    vote,
    guess: vote?.guess ?? guess,
    setGuess,
    submit,
    submitting: busy,
    savedOffline: vote?.status === 'pending' && !busy,
    canPrevious: current > 0 && !!vote && !busy,
    canNext: !!vote && !busy,
    isLast,
    previous: () => goTo(current - 1),
    next: () => (isLast ? setFinished(true) : goTo(current + 1)),
    finished,
    score: sessionScore(voteList ?? []),
    marks: sessionMarks(clips, votes),
    rating: sessionRating(clips, votes),
  };
}

export type Arena = ReturnType<typeof useArena>;
