import { useEffect, useRef, useState } from 'react';
import { clipVolume } from '@common/contest/clip-envelope';
import { useClaimAudioFocus } from '@/lib/audio-focus';
import { clipEnd } from './submit-rules';

/**
 * Plays only the clip window of a local audio file: fades in over 1.5 s, out over the last 2.5 s,
 * and loops back to the window's start at its end. An HTMLAudioElement is driven from
 * requestAnimationFrame. Also reports the file's duration from its metadata.
 */
export function useClipPreview(url: string | null, start: number, duration: number) {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const frame = useRef(0);
  const windowRef = useRef({ start, duration });
  const [playing, setPlaying] = useState(false);
  const [mediaDuration, setMediaDuration] = useState(0);
  // The radio pauses while the preview plays and resumes after.
  useClaimAudioFocus(playing);

  useEffect(() => {
    if (!url) return;
    const audio = new Audio();
    audio.preload = 'metadata';
    audio.onloadedmetadata = () => {
      if (Number.isFinite(audio.duration)) setMediaDuration(audio.duration);
    };
    audio.src = url;
    audioRef.current = audio;
    return () => {
      cancelAnimationFrame(frame.current);
      audio.pause();
      audio.onloadedmetadata = null;
      audio.removeAttribute('src');
      audio.load();
      audioRef.current = null;
      setPlaying(false);
      setMediaDuration(0);
    };
  }, [url]);

  // A moved window takes effect at once, also mid-play.
  useEffect(() => {
    windowRef.current = { start, duration };
    const audio = audioRef.current;
    if (audio && !audio.paused) audio.currentTime = start;
  }, [start, duration]);

  const stop = () => {
    cancelAnimationFrame(frame.current);
    audioRef.current?.pause();
    setPlaying(false);
  };

  const play = () => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.currentTime = windowRef.current.start;
    audio.volume = 0;
    const step = () => {
      const { start: s, duration: d } = windowRef.current;
      const length = clipEnd(s, d || audio.duration) - s;
      let t = audio.currentTime - s;
      if (audio.ended || t >= length || t < -0.25) {
        audio.currentTime = s;
        t = 0;
        if (audio.paused) void audio.play();
      }
      audio.volume = clipVolume(t, length);
      frame.current = requestAnimationFrame(step);
    };
    audio
      .play()
      .then(() => {
        setPlaying(true);
        cancelAnimationFrame(frame.current);
        frame.current = requestAnimationFrame(step);
      })
      .catch((err: unknown) => {
        console.warn('Preview playback failed', err);
        setPlaying(false);
      });
  };

  return { playing, toggle: () => (playing ? stop() : play()), stop, mediaDuration };
}
