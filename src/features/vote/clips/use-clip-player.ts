import type { Howl } from 'howler';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CLIP_SECONDS } from '@common/constants';
import type { Reveal } from '@common/contest/voting';
import { useClaimAudioFocus } from '@/lib/audio-focus';
import { cachedClip } from './clip-cache';
import { clipVolume } from '@common/contest/clip-envelope';
import { clipFormat } from './clip-envelope';
import { clearClipMediaSession, setClipMediaSession, setClipMetadata } from './media-session';

const TICK_MS = 100;

let howler: Promise<typeof import('howler')> | null = null;
/** howler loads with the first clip player, before any play: a session may be played offline. */
function loadHowler(): Promise<typeof import('howler')> {
  howler ??= import('howler').catch((err: unknown) => {
    howler = null;
    throw err;
  });
  return howler;
}

export type ClipPlayer = { playing: boolean; loading: boolean; failed: boolean; elapsed: number; toggle: () => void };

/**
 * Plays a 45 s clip from its start with howler (HTML5 audio): the volume follows the clip's
 * envelope (fade in 1.5 s, fade out from 42.5 s) and at 45 s it stops and resets. A clip in
 * Cache Storage plays from there, so it works offline.
 */
export function useClipPlayer(url: string, reveal: Reveal | null): ClipPlayer {
  const howl = useRef<Howl | null>(null);
  const objectUrl = useRef<string | null>(null);
  const alive = useRef(true);
  const [playing, setPlaying] = useState(false);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [elapsed, setElapsed] = useState(0);
  const revealRef = useRef(reveal);
  useEffect(() => {
    revealRef.current = reveal;
  }, [reveal]);

  const reset = useCallback(() => {
    howl.current?.stop();
    setPlaying(false);
    setLoading(false);
    setElapsed(0);
  }, []);

  const fail = useCallback((err: unknown) => {
    console.warn('clip playback failed', err);
    howl.current?.stop();
    setPlaying(false);
    setLoading(false);
    setFailed(true);
  }, []);

  useEffect(() => {
    alive.current = true;
    loadHowler().catch((err: unknown) => console.warn('loading the audio player failed', err));
    return () => {
      alive.current = false;
      howl.current?.unload();
      howl.current = null;
      if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
      objectUrl.current = null;
      clearClipMediaSession();
    };
  }, [url]);

  const load = useCallback(async (): Promise<Howl | null> => {
    if (howl.current) return howl.current;
    const [{ Howl }, blob] = await Promise.all([loadHowler(), cachedClip(url)]);
    if (!alive.current) return null;
    if (howl.current) return howl.current;
    if (blob) objectUrl.current = URL.createObjectURL(blob);
    const sound = new Howl({
      src: [objectUrl.current ?? url],
      html5: true,
      format: [clipFormat(url)],
      volume: 0,
      onplay: () => setLoading(false),
      onend: reset,
      onloaderror: (_id, err) => fail(err),
      onplayerror: (_id, err) => fail(err),
    });
    howl.current = sound;
    return sound;
  }, [url, reset, fail]);

  const pause = useCallback(() => {
    howl.current?.pause();
    setPlaying(false);
  }, []);

  const play = useCallback(() => {
    setFailed(false);
    setLoading(true);
    void load().then((sound) => {
      if (!sound) return;
      const t = sound.seek();
      sound.volume(clipVolume(typeof t === 'number' ? t : 0));
      setClipMetadata(revealRef.current);
      sound.play();
      setPlaying(true);
    }, fail);
  }, [load, fail]);

  useEffect(() => {
    if (!playing) return;
    const id = setInterval(() => {
      const sound = howl.current;
      const t = sound?.seek();
      if (!sound || typeof t !== 'number') return;
      if (t >= CLIP_SECONDS) return reset();
      sound.volume(clipVolume(t));
      setElapsed(t);
    }, TICK_MS);
    return () => clearInterval(id);
  }, [playing, reset]);

  // The radio pauses while a clip plays (or is about to) and resumes after.
  useClaimAudioFocus(playing || loading);

  const started = playing || elapsed > 0;
  useEffect(() => {
    if (started) setClipMediaSession(reveal, playing, { play, pause });
  }, [reveal, playing, started, play, pause]);

  return { playing, loading, failed, elapsed, toggle: playing ? pause : play };
}
