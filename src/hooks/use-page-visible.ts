import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
};

/** Whether the page is shown (not a background tab, not a minimised window). */
export const usePageVisible = (): boolean => useSyncExternalStore(subscribe, () => document.visibilityState === 'visible', () => true);
