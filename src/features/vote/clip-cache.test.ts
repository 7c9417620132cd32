import { describe, expect, it } from 'vitest';
import { staleEntries } from './clip-cache';

describe('staleEntries', () => {
  it('keeps the clips of the current session whatever their signature, drops the others', () => {
    const cached = [
      'http://127.0.0.1:5273/api/files/clips/a.mp3?expires=1&sig=old',
      'http://127.0.0.1:5273/api/files/clips/b.mp3?expires=1&sig=x',
      'http://127.0.0.1:5273/api/files/clips/z.mp3?expires=1&sig=x',
    ];
    expect(staleEntries(cached, ['/api/files/clips/a.mp3?expires=2&sig=new', '/api/files/clips/b.mp3?expires=1&sig=x'])).toEqual([
      'http://127.0.0.1:5273/api/files/clips/z.mp3?expires=1&sig=x',
    ]);
    expect(staleEntries(cached, [])).toEqual(cached);
  });
});
