import { create } from 'zustand';
import { RADIO_DEFAULT_VOLUME } from '@common/constants';

type RadioState = {
  playing: boolean;
  /** The player starts muted, and nothing plays until the listener presses play. */
  muted: boolean;
  volume: number;
  setPlaying: (playing: boolean) => void;
  toggleMuted: () => void;
  setVolume: (volume: number) => void;
};

export const useRadio = create<RadioState>((set) => ({
  playing: false,
  muted: true,
  volume: RADIO_DEFAULT_VOLUME,
  setPlaying: (playing) => set({ playing }),
  toggleMuted: () => set((s) => ({ muted: !s.muted })),
  // Turning the volume up is asking to hear it: it unmutes (as players do).
  setVolume: (volume) => {
    const v = Math.max(0, Math.min(100, Math.round(volume)));
    set(v > 0 ? { volume: v, muted: false } : { volume: v });
  },
}));
