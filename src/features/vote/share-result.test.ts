import { describe, expect, it } from 'vitest';
import type { Reveal, VoteDoc } from '@common/contest/voting';
import { describeChange, formatChange, formatRating, sessionMarks, sessionRating, shareText } from './share-result';

const reveal: Reveal = {
  title: 'Neon Rain',
  artist_name: 'Kai Lumen',
  song_type: 'hybrid',
  cover_art_url: null,
  hybrid_ai_elements: ['vocals'],
  hybrid_human_elements: ['guitar'],
  hybrid_tools_used: ['Suno'],
  creation_story: 'Written on a night train',
};

type V = Pick<VoteDoc, 'status' | 'is_correct' | 'rating' | 'reveal'>;
const right = (before: number, after: number, deviation = 60): V => ({ status: 'scored', is_correct: true, rating: { before, after, deviation }, reveal });
const wrong = (before: number, after: number, deviation = 60): V => ({ status: 'scored', is_correct: false, rating: { before, after, deviation }, reveal });
const refused: V = { status: 'rejected', is_correct: null, rating: null, reveal: null };
const pending: V = { status: 'pending', is_correct: null, rating: null, reveal: null };

const clips = ['c1', 'c2', 'c3', 'c4'].map((id) => ({ clip_id: id, clip_url: `/clips/${id}.mp3` }));
const byClip = (...votes: (V | undefined)[]) => new Map(votes.flatMap((v, i) => (v ? [[`c${i + 1}`, v] as const] : [])));

describe('sessionMarks', () => {
  it('gives one mark per clip in the session order: right, wrong, or none for a refused, pending or missing vote', () => {
    expect(sessionMarks(clips, byClip(wrong(1500, 1480), refused, right(1480, 1510), pending))).toEqual(['wrong', 'none', 'right', 'none']);
    expect(sessionMarks(clips, byClip(right(1500, 1520)))).toEqual(['right', 'none', 'none', 'none']);
  });
});

describe('sessionRating', () => {
  it('is the last rated vote in clip order, in whole points, and its change since before the first', () => {
    // The map's order is not the session's: the clips' order decides first and last.
    const votes = new Map<string, V>([
      ['c3', right(1540.4, 1561.6, 47.6)],
      ['c1', right(1500.2, 1523.9)],
      ['c2', wrong(1523.9, 1540.4)],
    ]);
    expect(sessionRating(clips, votes)).toEqual({ rating: 1562, deviation: 48, change: 61 });
  });

  it('skips votes without a rating, and is null when none has one', () => {
    expect(sessionRating(clips, byClip({ status: 'scored', is_correct: true, rating: null, reveal }, wrong(1600, 1588.4, 52), refused))).toEqual({
      rating: 1588,
      deviation: 52,
      change: -12,
    });
    expect(sessionRating(clips, byClip(refused, pending, { status: 'scored', is_correct: false, rating: null, reveal }))).toBeNull();
    expect(sessionRating(clips, new Map())).toBeNull();
  });
});

describe('rating texts', () => {
  it('shows the rating give or take one deviation, the change signed, and says the change in words', () => {
    expect(formatRating({ rating: 1712, deviation: 48 })).toBe('1712 ± 48');
    expect([38, -12, 0].map(formatChange)).toEqual(['+38', '−12', '±0']);
    expect([38, -12, 0].map(describeChange)).toEqual(['up 38', 'down 12', 'unchanged']);
  });
});

describe('shareText', () => {
  const votes = byClip(right(1500, 1530), wrong(1530, 1512), refused, right(1512, 1538.4, 47.6));
  const text = shareText({
    score: { correct: 2, total: 3 },
    marks: sessionMarks(clips, votes),
    rating: sessionRating(clips, votes),
    link: 'https://foolrate.example/vote',
  });

  it('carries the score, one mark per track in order, the rating and the link to the arena', () => {
    expect(text).toBe('Fool Rate 2/3\n✅❌⬜✅\nRating 1538 ± 48\nhttps://foolrate.example/vote');
  });

  it('names no track: no title, artist, type or anything else of the reveals', () => {
    for (const secret of [reveal.title, reveal.artist_name, 'Hybrid', 'hybrid', 'Human', 'AI', 'vocals', 'guitar', 'Suno', 'night train']) expect(text).not.toContain(secret);
  });

  it('leaves the rating out when no vote has one', () => {
    expect(shareText({ score: { correct: 0, total: 1 }, marks: ['wrong'], rating: null, link: 'http://localhost:5173/vote' })).toBe(
      'Fool Rate 0/1\n❌\nhttp://localhost:5173/vote',
    );
  });
});
