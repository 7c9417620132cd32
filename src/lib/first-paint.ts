import { useEffect, useState } from 'react';
import { afterNextPaint } from './yield-to-main';

/** What watchLoad needs of the window. */
type LoadingWindow = { document: { readyState: DocumentReadyState }; addEventListener(type: 'load', listener: () => void, options: { once: true }): void };

/** The longest the gate stays closed: a stalled subresource, or a tab in the background (no frames), must not keep what waits for it waiting. */
export const FIRST_PAINT_MAX_MS = 5_000;

export type FirstPaint = {
  /** Waits for the load event's frame to be painted, `maxMs` at most (main.tsx calls it once). */
  watchLoad(win?: LoadingWindow, maxMs?: number): void;
  /** Resolves once the first page's largest paint is done (at once after that). */
  after(): Promise<void>;
  /** Whether that paint is done already. */
  passed(): boolean;
  /** Holds the paint back until the returned release is called, or `maxMs` at the latest (a page whose content never shows must not hold it for good). */
  hold(maxMs: number): () => void;
};

/** A page's first paint gate (the app has one: `firstPaint`; tests make their own). */
export function firstPaintGate(): FirstPaint {
  let holds = 0;
  let loaded = false;
  let passed = false;
  let waiting: Array<() => void> = [];
  const pass = () => {
    if (passed) return;
    passed = true;
    for (const resolve of waiting) resolve();
    waiting = [];
  };
  const passIfDone = () => {
    if (loaded && holds === 0) pass();
  };
  return {
    watchLoad(win: LoadingWindow = window, maxMs = FIRST_PAINT_MAX_MS) {
      setTimeout(pass, maxMs);
      const onLoad = () =>
        void afterNextPaint().then(() => {
          loaded = true;
          passIfDone();
        });
      if (win.document.readyState === 'complete') onLoad();
      else win.addEventListener('load', onLoad, { once: true });
    },
    after: () => (passed ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve))),
    passed: () => passed,
    hold(maxMs) {
      holds += 1;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        clearTimeout(timer);
        holds -= 1;
        passIfDone();
      };
      const timer = setTimeout(release, maxMs);
      return release;
    },
  };
}

/**
 * The first page's largest paint, as far as the app can tell: the load event and the frame
 * after it, and whatever a page holds it for (the marketplace, until its first cover has shown).
 * Work that paint does not need (the radio's metadata, RxDB on the marketplace) waits for it, so
 * it does not compete with that paint for the network and the main thread. Once passed, it stays
 * passed: later pages do not wait.
 */
export const firstPaint = firstPaintGate();

/**
 * Whether the first page's largest paint is done (firstPaint), as React state: true from the
 * first render of a component mounted after it (a later page starts its work at once).
 */
export function useFirstPaintPassed(): boolean {
  const [passed, setPassed] = useState(firstPaint.passed);
  useEffect(() => {
    if (passed) return;
    let mounted = true;
    void firstPaint.after().then(() => mounted && setPassed(true));
    return () => {
      mounted = false;
    };
  }, [passed]);
  return passed;
}
