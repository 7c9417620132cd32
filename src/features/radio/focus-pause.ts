/**
 * What the radio does when audio focus changes: a clip taking focus pauses a playing radio
 * (remembering to resume); focus coming back resumes it only if the clip paused it.
 */
export type FocusStep = { setPlaying: boolean | null; resumeAfter: boolean };

export function onFocusChange(held: boolean, radioPlaying: boolean, resumeAfter: boolean): FocusStep {
  if (held) return radioPlaying ? { setPlaying: false, resumeAfter: true } : { setPlaying: null, resumeAfter };
  return resumeAfter ? { setPlaying: true, resumeAfter: false } : { setPlaying: null, resumeAfter: false };
}

export const RADIO_ALBUM = 'Fool Rate Radio';

/** The OS media controls' metadata for the live radio. */
export function radioMetadata(song: { title: string; artist: string } | null): { title: string; artist: string; album: string } {
  return { title: song?.title ?? RADIO_ALBUM, artist: song?.artist || 'Live stream', album: RADIO_ALBUM };
}
