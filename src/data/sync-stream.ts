import type { Checkpoint, StreamEvent, SyncCollectionName } from '@common/sync';
import { streamBaseUrl } from '@/config/env';
import { authHeader } from '@/lib/api/api';
import * as endpoints from '@/lib/api/endpoints.gen';
import { urlOf } from '@/lib/api/call';

/** What the stream delivers for one collection: changed documents, or RESYNC (pull what you missed). RxDB's pull-stream item. */
export type PullStreamItem = { documents: Array<Record<string, unknown> & { _deleted: boolean }>; checkpoint: Checkpoint } | 'RESYNC';
type Listener = (item: PullStreamItem) => void;

const RECONNECT_MIN_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;
/** After this many failed connections in a row, fall back to polling. */
const MAX_STREAM_FAILURES = 4;
const POLL_MS = 15_000;

/**
 * One Server-Sent-Events connection for all of a user's replicated collections (browsers
 * allow few connections per host). Every (re)connection starts with RESYNC, so each
 * replication pulls what it missed; when streams keep failing we poll with RESYNC instead.
 * No rxjs here: the account feed (in the first load) uses it as well as RxDB's replications.
 */
export class SyncStream {
  private readonly listeners = new Map<SyncCollectionName, Set<Listener>>();
  private abort: AbortController | null = null;
  private stopped = false;
  private failures = 0;
  private pollTimer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly collections: readonly SyncCollectionName[]) {
    for (const c of collections) this.listeners.set(c, new Set());
  }

  /** Calls `listener` with every change of `collection` and every RESYNC; returns the unsubscribe. */
  listen(collection: SyncCollectionName, listener: Listener): () => void {
    const set = this.listeners.get(collection);
    if (!set) throw new Error(`No stream for ${collection}`);
    set.add(listener);
    return () => set.delete(listener);
  }

  start(): void {
    window.addEventListener('online', this.onOnline);
    void this.connect();
  }

  stop(): void {
    this.stopped = true;
    window.removeEventListener('online', this.onOnline);
    this.abort?.abort();
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.listeners.clear();
  }

  private readonly onOnline = () => {
    this.failures = 0;
    this.abort?.abort();
    void this.connect();
  };

  private resyncAll(): void {
    this.listeners.forEach((set) => set.forEach((listener) => listener('RESYNC')));
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const abort = new AbortController();
    this.abort = abort;
    try {
      const url = `${streamBaseUrl}${urlOf(endpoints.sync.stream, undefined, { collections: this.collections.join(',') })}`;
      // Low priority: a stream that stays open is background work, not part of the page's load.
      const res = await fetch(url, { headers: { ...(await authHeader()), Accept: 'text/event-stream' }, signal: abort.signal, priority: 'low' });
      if (!res.ok || !res.body) throw new Error(`stream ${res.status}`);
      this.failures = 0;
      this.stopPolling();
      await this.read(res.body);
    } catch {
      if (abort.signal.aborted && this.stopped) return;
      this.failures += 1;
    }
    if (this.stopped || abort.signal.aborted) return;
    if (this.failures >= MAX_STREAM_FAILURES) this.startPolling();
    const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** Math.min(this.failures, 5));
    setTimeout(() => void this.connect(), this.failures === 0 ? RECONNECT_MIN_MS : delay);
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let split: number;
      while ((split = buffer.indexOf('\n\n')) >= 0) {
        const raw = buffer.slice(0, split);
        buffer = buffer.slice(split + 2);
        const data = raw
          .split('\n')
          .filter((l) => l.startsWith('data: '))
          .map((l) => l.slice(6))
          .join('\n');
        if (data) this.dispatch(JSON.parse(data) as StreamEvent);
      }
    }
  }

  private dispatch(event: StreamEvent): void {
    if ('resync' in event) return this.resyncAll();
    const item: PullStreamItem = { documents: event.documents as Array<Record<string, unknown> & { _deleted: boolean }>, checkpoint: event.checkpoint };
    this.listeners.get(event.collection)?.forEach((listener) => listener(item));
  }

  private startPolling(): void {
    this.pollTimer ??= setInterval(() => this.resyncAll(), POLL_MS);
  }

  private stopPolling(): void {
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.pollTimer = null;
  }
}
