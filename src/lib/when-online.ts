/**
 * Resolves at once while the browser believes it is online, else at its next `online` event.
 * What waits on it sends nothing while the browser knows it is offline (a vote push: it would
 * only fail, and RxDB retry it every few seconds).
 */
export function whenOnline(): Promise<void> {
  if (typeof navigator === 'undefined' || navigator.onLine) return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
}
