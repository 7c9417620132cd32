import { useEffect, useState } from 'react';
import type { Leaderboards } from '@common/leaderboards';
import { streamBaseUrl } from '@/config/env';
import { api } from '@/lib/api';

/**
 * The home boards, live: a first GET (cached by the service worker for offline visits), then
 * Server-Sent Events with the whole set whenever it changes. EventSource reconnects by itself.
 */
export function useLeaderboards(): Leaderboards | null {
  const [boards, setBoards] = useState<Leaderboards | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    let streamed = false;
    api<Leaderboards>('/public/leaderboards', { signal: abort.signal })
      .then((data) => {
        if (!streamed) setBoards(data);
      })
      .catch((err: unknown) => {
        if (!abort.signal.aborted) console.warn('leaderboards load failed', err);
      });
    const source = new EventSource(`${streamBaseUrl}/api/public/leaderboards/stream`);
    source.onmessage = (event: MessageEvent<string>) => {
      streamed = true;
      try {
        setBoards(JSON.parse(event.data) as Leaderboards);
      } catch (err) {
        console.warn('bad leaderboards event', err);
      }
    };
    return () => {
      abort.abort();
      source.close();
    };
  }, []);
  return boards;
}
