import { useEffect, useState } from 'react';
import { CMS_MSG, type CmsTrack, type CmsTrackFilter } from '@common/cms-messages';
import { api } from '@/lib/api';
import { notifyError } from '@/lib/notify';

export const loadTracks = (status: CmsTrackFilter, signal?: AbortSignal) =>
  api<{ tracks: CmsTrack[] }>(`/cms/tracks?status=${status}`, { signal }).then((r) => r.tracks);

/** Tracks of one status, newest first; reloads when `reloadKey` changes and keeps the last list meanwhile. */
export function useTracks(status: CmsTrackFilter, reloadKey: string | number): CmsTrack[] | null {
  const [tracks, setTracks] = useState<CmsTrack[] | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    loadTracks(status, abort.signal)
      .then(setTracks)
      .catch((err: unknown) => {
        if (abort.signal.aborted) return;
        notifyError(CMS_MSG.loadTracksFailed, err);
        setTracks((t) => t ?? []);
      });
    return () => abort.abort();
  }, [status, reloadKey]);
  return tracks;
}
