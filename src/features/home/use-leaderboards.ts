import { useEffect, useState } from 'react';
import type { Leaderboards } from '@common/leaderboards';
import { streamBaseUrl } from '@/config/env';
import { useApiRead } from '@/hooks/use-api-read';
import { api } from '@/lib/api';

/**
 * The home boards, live: a first GET (cached by the service worker for offline visits), then
 * Server-Sent Events with the whole set whenever it changes. EventSource reconnects by itself.
 */
export function useLeaderboards(): Leaderboards | null {
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
  return streamed ?? first.data;
}
