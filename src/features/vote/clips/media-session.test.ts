import { describe, expect, it } from 'vitest';
import { clipMetadata } from './media-session';

describe('clipMetadata', () => {
  it('names no title or artist before the reveal', () => {
    expect(clipMetadata(null)).toEqual({ title: 'Mystery track', artist: '' });
  });

  it('shows the real title and artist after it', () => {
    expect(clipMetadata({ title: 'Neon Rain', artist_name: 'Kai' })).toEqual({ title: 'Neon Rain', artist: 'Kai' });
  });
});
