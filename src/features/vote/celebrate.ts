import confetti from 'canvas-confetti';

/** A burst of confetti for a correct guess (none for people who prefer reduced motion). */
export function celebrate(): void {
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  void confetti({ particleCount: 120, spread: 80, origin: { y: 0.6 } });
}
