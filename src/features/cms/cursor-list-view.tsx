import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import type { useCursorList } from './use-cursor-list';

type CursorList = Pick<ReturnType<typeof useCursorList<unknown>>, 'loading' | 'failed' | 'hasMore' | 'loadingMore' | 'loadMore'> & { items: unknown[] };

/**
 * A paged CMS list's states around its items: loading, empty (or the failure text), the items
 * (`children`), and the button that loads the next page.
 */
export function CursorListView({ list, empty, failed, more, children, small }: { list: CursorList; empty: string; failed: string; more: string; children: ReactNode; small?: boolean }) {
  const note = small ? 'text-sm text-zinc-400' : 'text-zinc-400';
  return (
    <>
      {list.loading && list.items.length === 0 ? (
        <p className={note}>Loading...</p>
      ) : list.items.length === 0 ? (
        <p className={note}>{list.failed ? failed : empty}</p>
      ) : (
        children
      )}
      {list.hasMore ? (
        <Button look="secondary" onClick={() => void list.loadMore()} disabled={list.loadingMore} className="w-full px-4 py-2 text-sm hover:bg-zinc-800 disabled:opacity-50">
          {list.loadingMore ? 'Loading...' : more}
        </Button>
      ) : null}
    </>
  );
}
