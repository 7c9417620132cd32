import { useSyncExternalStore } from 'react';
import type { ExternalToast, toast as sonnerToast } from 'sonner';

/**
 * Toasts without sonner in the first load: the first toast loads sonner and mounts the
 * <Toaster> (ToastHost), then shows; later toasts show at once.
 */
type Sonner = typeof import('sonner');

let wanted = false;
const listeners = new Set<() => void>();
let mounted: () => void = () => undefined;
const toasterMounted = new Promise<void>((resolve) => (mounted = resolve));
let sonner: Promise<Sonner> | null = null;

function load(): Promise<Sonner> {
  sonner ??= import('sonner');
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  return Promise.all([sonner, toasterMounted]).then(([m]) => m);
}

/** Whether a toast was asked for (ToastHost mounts the Toaster from then on). */
export const useToasterWanted = () =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
  );

/** Called by the Toaster once it is mounted: the queued toasts can show. */
export const toasterReady = () => mounted();

type Message = Parameters<typeof sonnerToast>[0];
const show = (pick: (t: typeof sonnerToast) => (message: Message, data?: ExternalToast) => unknown) => (message: Message, data?: ExternalToast) => {
  void load().then((m) => pick(m.toast)(message, data));
};

export const toast = Object.assign(
  show((t) => t),
  { error: show((t) => t.error), info: show((t) => t.info), success: show((t) => t.success) },
);
