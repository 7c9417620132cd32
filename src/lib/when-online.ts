import { ApiError } from './api/api-error';

/**
 * Resolves at once while the browser believes it is online, else at its next `online` event.
 * What waits on it sends nothing while the browser knows it is offline (a vote push: it would
 * only fail, and RxDB retry it every few seconds).
 */
export function whenOnline(): Promise<void> {
  if (typeof navigator === 'undefined' || navigator.onLine) return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
}

/** The pauses before a send's second and third tries when it met no network while the browser said it was online. */
export const RECONNECT_RETRY_MS = [500, 1_500] as const;

/**
 * Sends once the browser is online. A send that meets no network all the same (a phone back on
 * the train's Wi-Fi says `online` before its first requests get through) is tried again after
 * half a second and after 1.5 s more, before failing to the caller's own, slower retry. Only for
 * idempotent sends: a try whose answer was lost may have reached the server.
 */
export async function sendWhenOnline<T>(send: () => Promise<T>, pauses: readonly number[] = RECONNECT_RETRY_MS): Promise<T> {
  await whenOnline();
  try {
    return await send();
  } catch (err) {
    const [pause, ...rest] = pauses;
    if (pause === undefined || !(err instanceof ApiError && err.status === 0)) throw err;
    await new Promise((resolve) => setTimeout(resolve, pause));
    return sendWhenOnline(send, rest);
  }
}
