import { useState, type DependencyList } from 'react';
import type { CmsPage } from '@common/accounts/users-messages';
import { useApiRead } from '@/hooks/use-api-read';

type More<T> = { base: CmsPage<T>; items: T[]; next: string | null };

/**
 * A cursored list read a page at a time: the first page through useApiRead (re-read when `deps`
 * change), further pages appended by `loadMore`. Pages loaded after an older first page are
 * dropped with it.
 */
export function useCursorList<T>(load: (cursor: string | null, signal?: AbortSignal) => Promise<CmsPage<T>>, deps: DependencyList, onError: (err: unknown) => void) {
  const first = useApiRead((signal) => load(null, signal), deps, { onError });
  const [more, setMore] = useState<More<T> | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const base = first.data;
  const current = more && more.base === base ? more : null;
  const items = base ? [...base.items, ...(current?.items ?? [])] : [];
  const next = current ? current.next : (base?.next ?? null);

  const loadMore = async () => {
    if (!base || !next || loadingMore) return;
    setLoadingMore(true);
    try {
      const page = await load(next);
      setMore({ base, items: [...(current?.items ?? []), ...page.items], next: page.next });
    } catch (err) {
      onError(err);
    } finally {
      setLoadingMore(false);
    }
  };

  return { items, hasMore: next !== null, loading: first.loading, loadingMore, failed: first.failed, loadMore, reload: first.reload };
}
