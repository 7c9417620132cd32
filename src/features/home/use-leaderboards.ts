import { useEffect, useState } from 'react';
import type { Leaderboards } from '@common/leaderboards';
import { streamBaseUrl } from '@/config/env';
import { useApiRead } from '@/hooks/use-api-read';
import { api } from '@/lib/api';

/**
 * The home boards, live: a first GET (cached by the service worker for offline visits), then
 * Server-Sent Events with the whole set whenever it changes. EventSource reconnects by itself.
 */
export function useLeaderboards(): { boards: Leaderboards | null; failed: boolean } {
  const first = useApiRead((signal) => api<Leaderboards>('/public/leaderboards', { signal }), []);
  const [streamed, setStreamed] = useState<Leaderboards | null>(null);
  useEffect(() => {
    const source = new EventSource(`${streamBaseUrl}/api/public/leaderboards/stream`);
    source.onmessage = (event: MessageEvent<string>) => {
      try {
        setStreamed(JSON.parse(event.data) as Leaderboards);
      } catch (err) {
        console.warn('bad leaderboards event', err);
      }
    };
    return () => source.close();
  }, []);
  const boards = streamed ?? first.data;
  // The first read failed (offline with nothing cached) and nothing streamed yet: the sections say so.
  return { boards, failed: boards === null && first.error !== null };
}
