import { describe, expect, it } from 'vitest';
import { parseNowPlaying } from './now-playing';

describe('parseNowPlaying', () => {
  it('reads the song title and artist of an AzuraCast response', () => {
    const json = { station: { name: 'X' }, now_playing: { elapsed: 3, song: { id: 'a', title: 'Neon Rain', artist: 'Kai', art: '' } } };
    expect(parseNowPlaying(json)).toEqual({ title: 'Neon Rain', artist: 'Kai' });
  });

  it('returns null when the song is missing or malformed', () => {
    expect(parseNowPlaying({ now_playing: {} })).toBeNull();
    expect(parseNowPlaying({ now_playing: { song: { title: 3, artist: 'x' } } })).toBeNull();
    expect(parseNowPlaying('garbage')).toBeNull();
    expect(parseNowPlaying(null)).toBeNull();
  });
});
