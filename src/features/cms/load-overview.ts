import { CMS_MSG, type CmsOverview } from '@common/cms-messages';
import { useApiRead } from '@/hooks/use-api-read';
import { api } from '@/lib/api';
import { notifyError } from '@/lib/notify';

const loadOverview = (signal?: AbortSignal) => api<CmsOverview>('/cms/overview', { signal });

const toastFailure = (err: unknown) => notifyError(err instanceof Error && err.message ? err.message : CMS_MSG.loadStatsFailed);

/** The Overview stat cards; reloads when `reloadKey` changes. A failure toasts the message (or the spec's default). */
export function useOverview(reloadKey: number): CmsOverview | null {
  return useApiRead((signal) => loadOverview(signal), [reloadKey], { onError: toastFailure }).data;
}
