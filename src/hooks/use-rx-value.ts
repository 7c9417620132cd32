import { useEffect, useState } from 'react';
import type { Observable } from 'rxjs';
import type { Database } from '@/data/database';
import { loadDataLayer } from '@/data/lazy';

const identity = <V>(v: V): V => v;

/**
 * A live RxDB value for `key` (undefined while loading or without a key; never a previous
 * key's value). `query` and `select` must be stable functions (module level or memoized).
 */
export function useRxValue<R, T = R>(
  key: string | null,
  query: (db: Database, key: string) => Observable<R>,
  select: (raw: R) => T = identity as (raw: R) => T,
): T | undefined {
  const [value, setValue] = useState<{ key: string; value: T } | undefined>(undefined);
  useEffect(() => {
    if (!key) return;
    let cancelled = false;
    let unsubscribe = () => {};
    void loadDataLayer()
      .then((m) => m.getDatabase())
      .then((db) => {
        if (cancelled) return;
        const sub = query(db, key).subscribe((raw) => setValue({ key, value: select(raw) }));
        unsubscribe = () => sub.unsubscribe();
      });
    return () => {
      cancelled = true;
      unsubscribe();
    };
  }, [key, query, select]);
  return value && value.key === key ? value.value : undefined;
}
