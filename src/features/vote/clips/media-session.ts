import type { Reveal } from '@common/contest/voting';
import { VOTE_TEXT } from '../vote-texts';

/** What the OS media controls may show for a clip: nothing about the track before its reveal. */
export function clipMetadata(reveal: Pick<Reveal, 'title' | 'artist_name'> | null): { title: string; artist: string } {
  return reveal ? { title: reveal.title, artist: reveal.artist_name } : { title: VOTE_TEXT.mysteryTitle, artist: '' };
}

type Controls = { play: () => void; pause: () => void };

const hasMediaSession = () => typeof navigator !== 'undefined' && 'mediaSession' in navigator && typeof MediaMetadata !== 'undefined';

/** Sets what the OS shows for the clip; called before playback starts, so nothing else shows first. */
export function setClipMetadata(reveal: Reveal | null): void {
  if (!hasMediaSession()) return;
  const art = reveal?.cover_art_url ? [{ src: reveal.cover_art_url }] : [];
  navigator.mediaSession.metadata = new MediaMetadata({ ...clipMetadata(reveal), artwork: art });
}

/** The Media Session of the playing clip: metadata, state and play/pause from the OS controls. */
export function setClipMediaSession(reveal: Reveal | null, playing: boolean, controls: Controls): void {
  if (!hasMediaSession()) return;
  setClipMetadata(reveal);
  navigator.mediaSession.playbackState = playing ? 'playing' : 'paused';
  navigator.mediaSession.setActionHandler('play', controls.play);
  navigator.mediaSession.setActionHandler('pause', controls.pause);
}

export function clearClipMediaSession(): void {
  if (!hasMediaSession()) return;
  navigator.mediaSession.metadata = null;
  navigator.mediaSession.playbackState = 'none';
  navigator.mediaSession.setActionHandler('play', null);
  navigator.mediaSession.setActionHandler('pause', null);
}
