import { describe, expect, it } from 'vitest';
import type { Reveal, VoteDoc } from '@common/contest/voting';
import { firstOpenIndex, progressPercent, resumableSession, sessionScore, verdict, votesByClip } from './arena-logic';

const reveal = (song_type: Reveal['song_type']): Reveal => ({
  title: 'Neon Rain',
  artist_name: 'Kai',
  song_type,
  cover_art_url: '/placeholders/cover-01.jpg',
  hybrid_ai_elements: [],
  hybrid_human_elements: [],
  hybrid_tools_used: [],
  creation_story: null,
});

const vote = (over: Partial<VoteDoc>): VoteDoc => ({
  id: 'v1',
  session_id: 's1',
  clip_id: 'c1',
  guess: 'ai',
  created_at: '2026-03-01T12:00:00.000Z',
  status: 'pending',
  is_correct: null,
  reveal: null,
  rating: null,
  error: null,
  updatedAt: 1,
  ...over,
});

const clips = ['c1', 'c2', 'c3'].map((id) => ({ clip_id: id, clip_url: `/api/files/clips/${id}.mp3?expires=1&sig=x` }));

describe('sessionScore', () => {
  it('counts correct over scored votes only, and pending ones apart', () => {
    const votes = [
      vote({ id: 'a', status: 'scored', is_correct: true }),
      vote({ id: 'b', status: 'scored', is_correct: false }),
      vote({ id: 'c', status: 'pending' }),
      vote({ id: 'd', status: 'rejected', error: 'Already voted on this track' }),
    ];
    expect(sessionScore(votes)).toEqual({ correct: 1, total: 2, pending: 1 });
    expect(sessionScore([])).toEqual({ correct: 0, total: 0, pending: 0 });
  });
});

describe('progressPercent', () => {
  it('is index/(count-1), and 100% for a single track', () => {
    expect(progressPercent(0, 10)).toBe(0);
    expect(progressPercent(9, 10)).toBe(100);
    expect(progressPercent(3, 7)).toBe(50);
    expect(progressPercent(0, 1)).toBe(100);
  });
});

describe('votesByClip', () => {
  it('keeps one vote per clip, preferring a live vote over a rejected one', () => {
    const map = votesByClip([
      vote({ id: 'old', clip_id: 'c1', status: 'scored', created_at: '2026-03-01T12:00:00.000Z' }),
      vote({ id: 'new-rejected', clip_id: 'c1', status: 'rejected', created_at: '2026-03-02T12:00:00.000Z' }),
      vote({ id: 'other', clip_id: 'c2' }),
    ]);
    expect(map.get('c1')?.id).toBe('old');
    expect(map.get('c2')?.id).toBe('other');
    expect(map.size).toBe(2);
  });
});

describe('firstOpenIndex', () => {
  it('continues at the first clip without a vote, or the last when all have one', () => {
    expect(firstOpenIndex(clips, new Map())).toBe(0);
    expect(firstOpenIndex(clips, new Map([['c1', 1]]))).toBe(1);
    expect(firstOpenIndex(clips, new Map([['c1', 1], ['c3', 1]]))).toBe(1);
    expect(firstOpenIndex(clips, new Map([['c1', 1], ['c2', 1], ['c3', 1]]))).toBe(2);
  });
});

describe('resumableSession', () => {
  const session = (id: string, created_at: string, over: { completed_at?: string | null; clips?: typeof clips } = {}) => ({
    id,
    clips: over.clips ?? clips,
    created_at,
    completed_at: over.completed_at ?? null,
  });

  it('picks the newest unfinished session that still has a clip to vote on', () => {
    const older = session('older', '2026-03-01T00:00:00.000Z');
    const newer = session('newer', '2026-03-02T00:00:00.000Z');
    expect(resumableSession([older, newer], [])?.id).toBe('newer');
  });

  it('skips completed sessions and those whose clips all have votes', () => {
    const done = session('done', '2026-03-03T00:00:00.000Z', { completed_at: '2026-03-03T01:00:00.000Z' });
    const voted = session('voted', '2026-03-02T00:00:00.000Z', { clips: clips.slice(0, 1) });
    const open = session('open', '2026-03-01T00:00:00.000Z');
    expect(resumableSession([done, voted, open], [vote({ clip_id: 'c1', status: 'scored', is_correct: true })])?.id).toBe('open');
    expect(resumableSession([done], [])).toBeNull();
  });

  it('resumes a session finished offline while a guess of it is unsent: its score is still to come', () => {
    const finished = session('finished', '2026-03-02T00:00:00.000Z', { clips: clips.slice(0, 2) });
    const open = session('open', '2026-03-01T00:00:00.000Z');
    const sent = vote({ id: 'v1', clip_id: 'c1', status: 'scored', is_correct: false });
    expect(resumableSession([finished, open], [sent, vote({ id: 'v2', clip_id: 'c2' })])?.id).toBe('finished');
    // Once every guess is in, it is done.
    expect(resumableSession([finished, open], [sent, vote({ id: 'v2', clip_id: 'c2', status: 'scored', is_correct: true })])?.id).toBe('open');
  });
});

describe('verdict', () => {
  it('says Correct or names the true type, and nothing before the reveal', () => {
    expect(verdict({ is_correct: true, reveal: reveal('ai') })).toBe('Correct! 🎉');
    expect(verdict({ is_correct: false, reveal: reveal('hybrid') })).toBe('Not quite! It was Hybrid.');
    expect(verdict({ is_correct: false, reveal: reveal('human') })).toBe('Not quite! It was Human.');
    expect(verdict({ is_correct: null, reveal: null })).toBeNull();
  });
});
