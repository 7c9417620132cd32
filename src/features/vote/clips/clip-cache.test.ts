import { describe, expect, it } from 'vitest';
import { staleEntries } from './clip-cache';

describe('staleEntries', () => {
  it("keeps the current session's clips and drops the clips of other sessions", () => {
    const cached = [
      'http://127.0.0.1:5273/api/files/clips/session1/4f1c',
      'http://127.0.0.1:5273/api/files/clips/session1/9ab2',
      'http://127.0.0.1:5273/api/files/clips/session0/4f1c',
    ];
    expect(staleEntries(cached, ['/api/files/clips/session1/4f1c', '/api/files/clips/session1/9ab2'])).toEqual([
      'http://127.0.0.1:5273/api/files/clips/session0/4f1c',
    ]);
    expect(staleEntries(cached, [])).toEqual(cached);
  });

  it('matches by path, whatever the query (clips of sessions opened before handles were signed URLs)', () => {
    const cached = ['http://127.0.0.1:5273/api/files/clips/a.mp3?expires=1&sig=old', 'http://127.0.0.1:5273/api/files/clips/z.mp3?expires=1&sig=x'];
    expect(staleEntries(cached, ['/api/files/clips/a.mp3?expires=2&sig=new'])).toEqual(['http://127.0.0.1:5273/api/files/clips/z.mp3?expires=1&sig=x']);
  });
});
