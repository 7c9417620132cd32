import { startTransition, useEffect, useRef, useState } from 'react';
import { TIMINGS_MS } from '@common/constants';
import type { Leaderboards } from '@common/contest/leaderboards';
import { streamBaseUrl } from '@/config/env';
import { useApiRead } from '@/hooks/use-api-read';
import * as endpoints from '@/lib/api/endpoints.gen';
import { call, urlOf } from '@/lib/api/call';

/**
 * The home boards, live: a first GET (cached by the service worker for offline visits), then
 * Server-Sent Events with the whole set whenever it changes. EventSource reconnects by itself
 * while it can; one the browser gave up on (offline) is opened again once back online, and a
 * failed first read is tried again (PendingText promises the boards fill in). The boards render
 * as transitions (in short slices, not one long task on a slow phone), and an event with the
 * boards already shown (the stream's first, as a rule: the GET's answer) renders nothing.
 */
export function useLeaderboards(): { boards: Leaderboards | null; failed: boolean } {
  const first = useApiRead((signal) => call(endpoints.leaderboards.read, { signal }), [], { retryMs: TIMINGS_MS.readRetry, transition: true });
  const [streamed, setStreamed] = useState<Leaderboards | null>(null);
  const firstData = useRef<Leaderboards | null>(null);
  useEffect(() => {
    firstData.current = first.data;
  }, [first.data]);
  useEffect(() => {
    /** The text of the last boards streamed (until then, the GET's answer is what shows). */
    let shown: string | null = null;
    const open = () => {
      const next = new EventSource(`${streamBaseUrl}${urlOf(endpoints.leaderboards.stream)}`);
      next.onmessage = (event: MessageEvent<string>) => {
        if (event.data === (shown ?? (firstData.current && JSON.stringify(firstData.current)))) return;
        try {
          const boards = JSON.parse(event.data) as Leaderboards;
          shown = event.data;
          startTransition(() => setStreamed(boards));
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
