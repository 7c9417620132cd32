import { useEffect, useState } from 'react';
import { api } from '@/lib/api';

/** GETs an API path now and every `intervalMs`; keeps the last good answer. Failures are logged. */
export function usePolled<T>(path: string, intervalMs: number): { data: T | null; failed: boolean } {
  const [state, setState] = useState<{ data: T | null; failed: boolean }>({ data: null, failed: false });
  useEffect(() => {
    const abort = new AbortController();
    const load = () =>
      api<T>(path, { signal: abort.signal })
        .then((data) => setState({ data, failed: false }))
        .catch((err: unknown) => {
          if (abort.signal.aborted) return;
          console.warn(`GET ${path} failed`, err);
          setState((s) => ({ ...s, failed: true }));
        });
    void load();
    const timer = setInterval(() => void load(), intervalMs);
    return () => {
      abort.abort();
      clearInterval(timer);
    };
  }, [path, intervalMs]);
  return state;
}
