import { CMS_MSG, type CmsTrack, type CmsTrackFilter } from '@common/cms/cms-messages';
import { TIMINGS_MS } from '@common/constants';
import { useApiRead } from '@/hooks/use-api-read';
import * as endpoints from '@/lib/api/endpoints.gen';
import { call } from '@/lib/api/call';
import { notifyError } from '@/lib/notify';

const loadTracks = (status: CmsTrackFilter, signal?: AbortSignal) =>
  call(endpoints.cms.listTracks, { query: { status }, signal }).then((r) => r.tracks);

const toastFailure = (err: unknown) => notifyError(CMS_MSG.loadTracksFailed, err);

/** Tracks of one status (null until the first answer), and whether that first read failed. */
export type TrackList = { tracks: CmsTrack[] | null; failed: boolean };

/**
 * Tracks of one status, newest first; reloads when `reloadKey` changes and keeps the last list
 * meanwhile. A failure toasts once and is read again until it answers (at once when the browser
 * is back online): a list that failed is not an empty one.
 */
export function useTracks(status: CmsTrackFilter, reloadKey: string | number): TrackList {
  const { data, failed } = useApiRead((signal) => loadTracks(status, signal), [status, reloadKey], { onError: toastFailure, retryMs: TIMINGS_MS.readRetry });
  return { tracks: data, failed };
}
