import { startTransition, useCallback, useEffect, useState, type DependencyList } from 'react';
import { startRead, type ApiReadOptions, type Read, type ReadResult } from './api-read';

export type ApiRead<T> = {
  /** The last good answer (kept while reloading and after a failure); null before the first. */
  data: T | null;
  /** The last failure, until an answer replaces it. */
  error: unknown;
  loading: boolean;
  /** No answer yet and the last read failed: what the data's place shows instead of an empty list. */
  failed: boolean;
  /** Reads again now. */
  reload: () => void;
};

/**
 * A one-shot or polled read (usually a GET on the API): runs when `deps` change (they list
 * what `read` uses, as for useEffect), aborts when they change again or on unmount. A null
 * `read` waits. `until` and `onError` are those of the render that started the reads.
 */
export function useApiRead<T>(read: Read<T> | null, deps: DependencyList, opts: ApiReadOptions<T> = {}): ApiRead<T> {
  const [state, setState] = useState<{ data: T | null; error: unknown; loading: boolean }>({ data: null, error: null, loading: true });
  const [attempt, setAttempt] = useState(0);
  const enabled = read !== null;
  useEffect(() => {
    if (!read) return;
    setState((s) => (s.loading ? s : { ...s, loading: true }));
    const apply = (result: ReadResult<T>) =>
      setState((s) => (result.ok ? { data: result.data, error: null, loading: false } : { ...s, error: result.error, loading: false }));
    return startRead(read, (result) => (opts.transition ? startTransition(() => apply(result)) : apply(result)), opts);
    // `deps` stand for what `read` closes over, as in useEffect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, attempt, opts.everyMs, opts.retryMs, ...deps]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, loading: enabled && state.loading, failed: state.data === null && state.error !== null, reload };
}
