import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, vi } from 'vitest';

// A findBy… waits for what a user would wait for. The first open of a lazy part (the confirm dialog,
// the toasts) imports its module, which on a loaded CI machine can take longer than the 1 s default.
configure({ asyncUtilTimeout: 5_000 });

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
