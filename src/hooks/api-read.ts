/** One read: resolves with the data, or rejects; aborted when no longer wanted. */
export type Read<T> = (signal: AbortSignal) => Promise<T>;

export type ApiReadOptions<T> = {
  /** Reads again this long after each answer or failure (polling). */
  everyMs?: number;
  /** Stops polling once true for the latest answer (null after a failure) and failure. */
  until?: (data: T | null, error: unknown) => boolean;
  /**
   * Called once per failed read (default: logged only); with `retryMs`, once per run of failures
   * (the retries that fail again are not told twice). Never for an aborted read.
   */
  onError?: (err: unknown) => void;
  /**
   * After a failure, reads again this long after it, and at once when the browser is back
   * online, until a read succeeds: for a page that promises to fill in by itself.
   */
  retryMs?: number;
  /**
   * The answers render as a transition (useApiRead): in short slices a tap can come between,
   * for data that fills a large part of the page.
   */
  transition?: boolean;
};

export type ReadResult<T> = { ok: true; data: T } | { ok: false; error: unknown };

const logFailure = (err: unknown) => console.warn('read failed', err);

/** An `onError` for reads whose caller shows the failure itself (not even logged). */
export const ignoreFailure = (): void => {};

/**
 * Runs `read` now (and again every `everyMs`, one at a time, while `until` says so), handing
 * each outcome to `onResult`. The returned function aborts the read in flight and stops polling.
 */
export function startRead<T>(read: Read<T>, onResult: (result: ReadResult<T>) => void, opts: ApiReadOptions<T> = {}): () => void {
  const abort = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failed = false;
  /** The last read failed, with retries on: its retries' failures are the same failure. */
  let failing = false;
  const run = async () => {
    failed = false;
    let result: ReadResult<T>;
    try {
      result = { ok: true, data: await read(abort.signal) };
    } catch (error) {
      result = { ok: false, error };
    }
    if (abort.signal.aborted) return;
    failed = !result.ok;
    if (!result.ok && !failing) (opts.onError ?? logFailure)(result.error);
    failing = failed && opts.retryMs !== undefined;
    onResult(result);
    const done = opts.until?.(result.ok ? result.data : null, result.ok ? null : result.error) ?? false;
    const next = failed && opts.retryMs !== undefined ? opts.retryMs : done ? undefined : opts.everyMs;
    if (next !== undefined) timer = setTimeout(() => void run(), next);
  };
  // Only after a failure (not while a read runs): the pending retry is brought forward.
  const onOnline = () => {
    if (!failed || abort.signal.aborted) return;
    clearTimeout(timer);
    void run();
  };
  if (opts.retryMs !== undefined) window.addEventListener('online', onOnline);
  void run();
  return () => {
    abort.abort();
    clearTimeout(timer);
    if (opts.retryMs !== undefined) window.removeEventListener('online', onOnline);
  };
}
