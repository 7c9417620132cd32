import { useEffect, useId } from 'react';
import { create } from 'zustand';

/**
 * Audio focus: a clip that plays (an arena clip, a submit preview, a marketplace preview)
 * holds focus while it plays; the radio pauses while anyone holds it and resumes afterwards.
 */
type AudioFocusState = {
  /** Ids of the clips playing now (usually none or one). */
  holders: readonly string[];
  take: (id: string) => void;
  release: (id: string) => void;
};

export const useAudioFocus = create<AudioFocusState>((set) => ({
  holders: [],
  take: (id) => set((s) => (s.holders.includes(id) ? s : { holders: [...s.holders, id] })),
  release: (id) => set((s) => (s.holders.includes(id) ? { holders: s.holders.filter((h) => h !== id) } : s)),
}));

/** Whether any clip holds focus now. */
export const clipHasFocus = (): boolean => useAudioFocus.getState().holders.length > 0;

/** Holds focus while `active` (a clip playing); releases it when it stops and on unmount. */
export function useClaimAudioFocus(active: boolean): void {
  const id = useId();
  useEffect(() => {
    if (!active) return;
    const { take, release } = useAudioFocus.getState();
    take(id);
    return () => release(id);
  }, [active, id]);
}

/** Props for an <audio controls> element: it holds focus from play to pause or end (and unmount). */
export function useMediaElementFocus(): { onPlay: () => void; onPause: () => void; onEnded: () => void } {
  const id = useId();
  useEffect(() => () => useAudioFocus.getState().release(id), [id]);
  const release = () => useAudioFocus.getState().release(id);
  return { onPlay: () => useAudioFocus.getState().take(id), onPause: release, onEnded: release };
}
