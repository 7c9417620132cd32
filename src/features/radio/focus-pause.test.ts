import { describe, expect, it } from 'vitest';
import { onFocusChange, radioMetadata } from './focus-pause';

describe('onFocusChange', () => {
  it('pauses a playing radio when a clip takes focus, and resumes it when the clip lets go', () => {
    const paused = onFocusChange(true, true, false);
    expect(paused).toEqual({ setPlaying: false, resumeAfter: true });
    expect(onFocusChange(false, false, paused.resumeAfter)).toEqual({ setPlaying: true, resumeAfter: false });
  });

  it('leaves a stopped radio stopped when a clip plays and ends', () => {
    const during = onFocusChange(true, false, false);
    expect(during).toEqual({ setPlaying: null, resumeAfter: false });
    expect(onFocusChange(false, false, during.resumeAfter)).toEqual({ setPlaying: null, resumeAfter: false });
  });

  it('keeps the promise to resume while a second clip takes over', () => {
    expect(onFocusChange(true, false, true)).toEqual({ setPlaying: null, resumeAfter: true });
  });
});

describe('radioMetadata', () => {
  it('shows the song with the station as the album', () => {
    expect(radioMetadata({ title: 'Neon Rain', artist: 'Kai' })).toEqual({ title: 'Neon Rain', artist: 'Kai', album: 'Fool Rate Radio' });
  });
  it('falls back to the station before the metadata answers', () => {
    expect(radioMetadata(null)).toEqual({ title: 'Fool Rate Radio', artist: 'Live stream', album: 'Fool Rate Radio' });
  });
});
