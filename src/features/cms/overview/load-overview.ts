import { CMS_MSG, type CmsOverview } from '@common/cms/cms-messages';
import { TIMINGS_MS } from '@common/constants';
import { useApiRead } from '@/hooks/use-api-read';
import * as endpoints from '@/lib/api/endpoints.gen';
import { call } from '@/lib/api/call';
import { notifyError } from '@/lib/notify';

const loadOverview = (signal?: AbortSignal) => call(endpoints.cms.overview, { signal });

const toastFailure = (err: unknown) => notifyError(err instanceof Error && err.message ? err.message : CMS_MSG.loadStatsFailed);

/**
 * The Overview stat cards (null until the first answer), and whether that first read failed;
 * reloads when `reloadKey` changes. A failure toasts the message (or the spec's default) once and
 * is read again until it answers (at once when the browser is back online).
 */
export function useOverview(reloadKey: number): { stats: CmsOverview | null; failed: boolean } {
  const { data, failed } = useApiRead((signal) => loadOverview(signal), [reloadKey], { onError: toastFailure, retryMs: TIMINGS_MS.readRetry });
  return { stats: data, failed };
}
