import confetti from 'canvas-confetti';

let instance: confetti.CreateTypes | null = null;

/**
 * canvas-confetti on a canvas of our own, hidden from assistive technology (it is decoration,
 * and its default canvas sits outside every landmark); nothing for people who prefer reduced motion.
 * It falls over the page and its header, under the dialogs and the radio bar (z-40 and up): a
 * menu opened while it falls stays readable.
 */
function shared(): confetti.CreateTypes {
  if (instance) return instance;
  const canvas = document.createElement('canvas');
  canvas.setAttribute('aria-hidden', 'true');
  canvas.style.cssText = 'position:fixed;inset:0;width:100%;height:100%;pointer-events:none;z-index:35';
  document.body.appendChild(canvas);
  instance = confetti.create(canvas, { resize: true, disableForReducedMotion: true });
  return instance;
}

export const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export function fireConfetti(options: confetti.Options): void {
  if (reducedMotion()) return;
  void shared()(options);
}

export function resetConfetti(): void {
  instance?.reset();
}
