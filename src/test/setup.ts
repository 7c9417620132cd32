import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, vi } from 'vitest';

// Without vitest's globals Testing Library cannot clean up by itself: each test starts from an empty
// page, without the toasts of the one before (sonner replays the active ones to a new Toaster).
afterEach(() => {
  toast.dismiss();
  cleanup();
  vi.unstubAllGlobals();
});

// What jsdom lacks and the kit's components call (Radix measures, sonner and a few hooks ask for media queries).
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoResizeObserver;
window.matchMedia ??= (query: string) =>
  ({ matches: false, media: query, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false }) as MediaQueryList;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
// jsdom's own says 'Not implemented' (the router restores the scroll on every navigation).
Object.defineProperty(window, 'scrollTo', { value: () => undefined, writable: true });
