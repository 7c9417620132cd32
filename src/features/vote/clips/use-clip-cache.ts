import { useEffect, useState } from 'react';
import type { SessionClip } from '@common/contest/voting';
import { cacheClips, pruneClipCache } from './clip-cache';

export type ClipCacheState = 'caching' | 'ready' | 'failed';

/** Caches a session's clips for offline voting; retries when the connection returns. */
export function useClipCache(clips: readonly SessionClip[] | undefined): ClipCacheState {
  const [state, setState] = useState<ClipCacheState>('caching');
  const [attempt, setAttempt] = useState(0);
  const key = clips?.map((c) => c.clip_url).join('\n') ?? '';

  useEffect(() => {
    if (!key) return;
    const urls = key.split('\n');
    let cancelled = false;
    setState('caching');
    cacheClips(urls)
      .then(() => {
        if (!cancelled) setState('ready');
        return pruneClipCache(urls).catch((err: unknown) => console.warn('pruning the clip cache failed', err));
      })
      .catch((err: unknown) => {
        console.warn('caching clips failed', err);
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
    };
  }, [key, attempt]);

  useEffect(() => {
    if (state !== 'failed') return;
    const retry = () => setAttempt((n) => n + 1);
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [state]);

  return state;
}
