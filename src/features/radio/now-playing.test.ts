import { describe, expect, it } from 'vitest';
import { parseNowPlaying } from './now-playing';

describe('parseNowPlaying', () => {
  it('reads the song title and artist of an AzuraCast response', () => {
    const json = { station: { name: 'X' }, now_playing: { elapsed: 3, song: { id: 'a', title: 'Neon Rain', artist: 'Kai', art: '' } } };
    expect(parseNowPlaying(json)).toEqual({ title: 'Neon Rain', artist: 'Kai', mystery: false });
  });

  it('knows a mystery track: "Mystery track" with no artist (a contest track on air), not a song that only shares the title', () => {
    const song = (title: string, artist: string) => ({ now_playing: { song: { id: 'm', title, artist, album: '3f9a0c7e1b2d4a56' } } });
    expect(parseNowPlaying(song('Mystery track', ''))).toEqual({ title: 'Mystery track', artist: '', mystery: true });
    expect(parseNowPlaying(song('Mystery track', 'Lena Hart'))).toMatchObject({ mystery: false });
    expect(parseNowPlaying(song('Mystery Train', ''))).toMatchObject({ mystery: false });
  });

  it('returns null when the song is missing or malformed', () => {
    expect(parseNowPlaying({ now_playing: {} })).toBeNull();
    expect(parseNowPlaying({ now_playing: { song: { title: 3, artist: 'x' } } })).toBeNull();
    expect(parseNowPlaying('garbage')).toBeNull();
    expect(parseNowPlaying(null)).toBeNull();
  });

  it('reads an offline station (is_online false, AzuraCast names the song "Station Offline") as offline, not as a song', () => {
    const json = { is_online: false, now_playing: { sh_id: 0, song: { id: '5a6a865199cf5df73b1417326d2ff24f', text: 'Station Offline', title: 'Station Offline', artist: '' } } };
    expect(parseNowPlaying(json)).toEqual({ title: '', artist: '', mystery: false, offline: true });
    expect(parseNowPlaying({ is_online: true, now_playing: { song: { title: 'Neon Rain', artist: 'Kai' } } })).toEqual({ title: 'Neon Rain', artist: 'Kai', mystery: false });
  });
});
