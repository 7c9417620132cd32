import { fireConfetti } from '@/lib/confetti';

/** A burst of confetti for a correct guess (none for people who prefer reduced motion). */
export function celebrate(): void {
  fireConfetti({ particleCount: 120, spread: 80, origin: { y: 0.6 } });
}
