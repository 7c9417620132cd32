import { describe, expect, it } from 'vitest';
import { newVote } from './new-vote';

describe('newVote', () => {
  it('is a pending vote with no result, stamped with the time of the guess', () => {
    const now = new Date('2026-03-01T12:00:00.000Z');
    expect(newVote({ session_id: 's1', clip_id: 'c1', guess: 'hybrid' }, now, 'id-1')).toEqual({
      id: 'id-1',
      session_id: 's1',
      clip_id: 'c1',
      guess: 'hybrid',
      created_at: '2026-03-01T12:00:00.000Z',
      status: 'pending',
      is_correct: null,
      reveal: null,
      rating: null,
      error: null,
      updatedAt: now.getTime(),
    });
  });

  it('gets a fresh random id by default', () => {
    const a = newVote({ session_id: 's1', clip_id: 'c1', guess: 'ai' });
    const b = newVote({ session_id: 's1', clip_id: 'c1', guess: 'ai' });
    expect(a.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.id).not.toBe(b.id);
  });

  it('refuses a guess that is not a song type or a missing clip', () => {
    expect(() => newVote({ session_id: 's1', clip_id: 'c1', guess: 'robot' as never })).toThrow();
    expect(() => newVote({ session_id: 's1', clip_id: '', guess: 'ai' })).toThrow();
  });
});
