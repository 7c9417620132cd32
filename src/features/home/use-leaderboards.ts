import { useEffect, useState } from 'react';
import { TIMINGS_MS } from '@common/constants';
import type { Leaderboards } from '@common/leaderboards';
import { streamBaseUrl } from '@/config/env';
import { useApiRead } from '@/hooks/use-api-read';
import { api } from '@/lib/api';

/**
 * The home boards, live: a first GET (cached by the service worker for offline visits), then
 * Server-Sent Events with the whole set whenever it changes. EventSource reconnects by itself
 * while it can; one the browser gave up on (offline) is opened again once back online, and a
 * failed first read is tried again (PendingText promises the boards fill in).
 */
export function useLeaderboards(): { boards: Leaderboards | null; failed: boolean } {
  const first = useApiRead((signal) => api<Leaderboards>('/public/leaderboards', { signal }), [], { retryMs: TIMINGS_MS.readRetry });
  const [streamed, setStreamed] = useState<Leaderboards | null>(null);
  useEffect(() => {
    const open = () => {
      const next = new EventSource(`${streamBaseUrl}/api/public/leaderboards/stream`);
      next.onmessage = (event: MessageEvent<string>) => {
        try {
          setStreamed(JSON.parse(event.data) as Leaderboards);
        } catch (err) {
          console.warn('bad leaderboards event', err);
        }
      };
      return next;
    };
    let source = open();
    const reopen = () => {
      if (source.readyState !== EventSource.CLOSED) return;
      source = open();
    };
    window.addEventListener('online', reopen);
    return () => {
      window.removeEventListener('online', reopen);
      source.close();
    };
  }, []);
  const boards = streamed ?? first.data;
  // The first read failed (offline with nothing cached) and nothing streamed yet: the sections say so.
  return { boards, failed: boards === null && first.error !== null };
}
