import { useEffect, useState } from 'react';
import { CMS_MSG, type CmsOverview } from '@common/cms-messages';
import { api } from '@/lib/api';
import { notifyError } from '@/lib/notify';

export const loadOverview = (signal?: AbortSignal) => api<CmsOverview>('/cms/overview', { signal });

/** The Overview stat cards; reloads when `reloadKey` changes. A failure toasts the message (or the spec's default). */
export function useOverview(reloadKey: number): CmsOverview | null {
  const [data, setData] = useState<CmsOverview | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    loadOverview(abort.signal)
      .then(setData)
      .catch((err: unknown) => {
        if (abort.signal.aborted) return;
        notifyError(err instanceof Error && err.message ? err.message : CMS_MSG.loadStatsFailed);
      });
    return () => abort.abort();
  }, [reloadKey]);
  return data;
}
