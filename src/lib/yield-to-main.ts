/**
 * Lets the browser handle input and paint before the caller goes on: a long start-up (RxDB's
 * database and collections) then runs as several short tasks instead of one long one, which
 * would block a tap for its whole length. scheduler.yield() where the browser has it (the
 * caller's continuation runs before other queued tasks), a new task otherwise.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Resolves once the browser has painted what is on screen now: at the next frame, then in the
 * task after it (a frame's callbacks run before its paint). For work that must not delay a paint.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
