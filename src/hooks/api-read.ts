/** One read: resolves with the data, or rejects; aborted when no longer wanted. */
export type Read<T> = (signal: AbortSignal) => Promise<T>;

export type ApiReadOptions<T> = {
  /** Reads again this long after each answer or failure (polling). */
  everyMs?: number;
  /** Stops polling once true for the latest answer (null after a failure) and failure. */
  until?: (data: T | null, error: unknown) => boolean;
  /** Called once per failed read (default: logged only). Never for an aborted read. */
  onError?: (err: unknown) => void;
};

export type ReadResult<T> = { ok: true; data: T } | { ok: false; error: unknown };

const logFailure = (err: unknown) => console.warn('read failed', err);

/**
 * Runs `read` now (and again every `everyMs`, one at a time, while `until` says so), handing
 * each outcome to `onResult`. The returned function aborts the read in flight and stops polling.
 */
export function startRead<T>(read: Read<T>, onResult: (result: ReadResult<T>) => void, opts: ApiReadOptions<T> = {}): () => void {
  const abort = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = async () => {
    let result: ReadResult<T>;
    try {
      result = { ok: true, data: await read(abort.signal) };
    } catch (error) {
      result = { ok: false, error };
    }
    if (abort.signal.aborted) return;
    if (!result.ok) (opts.onError ?? logFailure)(result.error);
    onResult(result);
    const done = opts.until?.(result.ok ? result.data : null, result.ok ? null : result.error) ?? false;
    if (opts.everyMs !== undefined && !done) timer = setTimeout(() => void run(), opts.everyMs);
  };
  void run();
  return () => {
    abort.abort();
    clearTimeout(timer);
  };
}
