import { CMS_MSG, type CmsTrack, type CmsTrackFilter } from '@common/cms-messages';
import { useApiRead } from '@/hooks/use-api-read';
import { api } from '@/lib/api';
import { notifyError } from '@/lib/notify';

const loadTracks = (status: CmsTrackFilter, signal?: AbortSignal) =>
  api<{ tracks: CmsTrack[] }>(`/cms/tracks?status=${status}`, { signal }).then((r) => r.tracks);

const toastFailure = (err: unknown) => notifyError(CMS_MSG.loadTracksFailed, err);

/** Tracks of one status, newest first; reloads when `reloadKey` changes and keeps the last list meanwhile (empty after a first failure). */
export function useTracks(status: CmsTrackFilter, reloadKey: string | number): CmsTrack[] | null {
  const { data, error } = useApiRead((signal) => loadTracks(status, signal), [status, reloadKey], { onError: toastFailure });
  return data ?? (error ? [] : null);
}
