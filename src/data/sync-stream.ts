import { Subject } from 'rxjs';
import type { RxReplicationPullStreamItem } from 'rxdb';
import type { Checkpoint, StreamEvent, SyncCollectionName } from '@common/sync';
import { streamBaseUrl } from '@/config/env';
import { authHeader } from '@/lib/api';

export type PullStreamItem = RxReplicationPullStreamItem<Record<string, unknown>, Checkpoint>;

const RECONNECT_MIN_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;
/** After this many failed connections in a row, fall back to polling. */
const MAX_STREAM_FAILURES = 4;
const POLL_MS = 15_000;

/**
 * One Server-Sent-Events connection for all of a user's replicated collections (browsers
 * allow few connections per host). Every (re)connection starts with RESYNC, so each
 * replication pulls what it missed; when streams keep failing we poll with RESYNC instead.
 */
export class SyncStream {
  private readonly subjects = new Map<SyncCollectionName, Subject<PullStreamItem>>();
  private abort: AbortController | null = null;
  private stopped = false;
  private failures = 0;
  private pollTimer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly collections: readonly SyncCollectionName[]) {
    for (const c of collections) this.subjects.set(c, new Subject());
  }

  stream$(collection: SyncCollectionName) {
    const subject = this.subjects.get(collection);
    if (!subject) throw new Error(`No stream for ${collection}`);
    return subject.asObservable();
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
    this.subjects.forEach((s) => s.complete());
  }

  private readonly onOnline = () => {
    this.failures = 0;
    this.abort?.abort();
    void this.connect();
  };

  private resyncAll(): void {
    this.subjects.forEach((s) => s.next('RESYNC'));
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const abort = new AbortController();
    this.abort = abort;
    try {
      const url = `${streamBaseUrl}/api/sync/stream?collections=${this.collections.join(',')}`;
      const res = await fetch(url, { headers: { ...(await authHeader()), Accept: 'text/event-stream' }, signal: abort.signal });
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
    this.subjects.get(event.collection)?.next({
      documents: event.documents as Array<Record<string, unknown> & { _deleted: boolean }>,
      checkpoint: event.checkpoint,
    });
  }

  private startPolling(): void {
    this.pollTimer ??= setInterval(() => this.resyncAll(), POLL_MS);
  }

  private stopPolling(): void {
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.pollTimer = null;
  }
}
