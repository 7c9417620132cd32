/**
 * The bench's crowd of voters on a worker thread of their own: deployed, voters are browsers on
 * other machines, and on the API's thread their HTTP client's work (building requests, parsing
 * answers) queued behind and ahead of the API's own, counting in every vote's latency. Each voter
 * votes its session's clips one push after another, all voters at once; the thread answers with
 * each vote's latency and the crowd's wall time. The thread loads this file through tsx's loader.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { SongType } from '../../common/contest/contest';
import { tsxWorker } from '../../scripts/lib/tsx-worker';
import { jsonClient } from './http-client';

export type Voter = { token: string; sessionId: string; clipIds: string[] };
export type CrowdResult = { latencies: number[]; wallMs: number };

const THREAD_FLAG = 'benchVotersThread';
const TYPES: SongType[] = ['human', 'ai', 'hybrid'];
/** Kept-alive connections to the API: more than a crowd's voters. */
const MAX_SOCKETS = 100;

/** The body of a push of one new vote, as a client sends it. */
export const votePush = (sessionId: string, clipId: string, guess: SongType) => [
  { assumedMasterState: null, newDocumentState: { id: `v_${randomUUID()}`, session_id: sessionId, clip_id: clipId, guess, created_at: new Date().toISOString(), status: 'pending' } },
];

/** The crowds' thread: `crowd` runs one crowd at a time. */
export type VotersThread = { crowd(voters: Voter[]): Promise<CrowdResult>; stop(): Promise<void> };

/**
 * Starts the voters' thread against the API at `base` and resolves once it is loaded. One thread
 * serves every crowd, so that later crowds run compiled code on kept-alive connections, as the
 * API does.
 */
export async function startVotersThread(base: string): Promise<VotersThread> {
  const worker = tsxWorker(import.meta.url, { [THREAD_FLAG]: true, base });
  const failed = new Promise<never>((_, reject) => worker.once('error', reject));
  failed.catch(() => undefined); // reported by the call it fails
  const next = () => Promise.race([new Promise<unknown>((resolve) => worker.once('message', resolve)), failed]);
  await next();
  return {
    async crowd(voters) {
      const reply = next() as Promise<CrowdResult | { error: string }>;
      worker.postMessage(voters);
      const result = await reply;
      if ('error' in result) throw new Error(result.error);
      return result;
    },
    stop: () => worker.terminate().then(() => undefined),
  };
}

async function crowd(send: ReturnType<typeof jsonClient>, voters: Voter[]): Promise<CrowdResult> {
  const latencies: number[] = [];
  const t0 = performance.now();
  await Promise.all(
    voters.map(async ({ token, sessionId, clipIds }) => {
      for (const clipId of clipIds) {
        const s = performance.now();
        const { status, body } = await send('POST', '/sync/votes/push', votePush(sessionId, clipId, TYPES[latencies.length % 3]!), token);
        if (status >= 400) throw new Error(`POST /sync/votes/push: ${status} ${JSON.stringify(body)}`);
        latencies.push(performance.now() - s);
      }
    }),
  );
  return { latencies, wallMs: performance.now() - t0 };
}

if (!isMainThread && (workerData as Record<string, unknown> | null)?.[THREAD_FLAG] === true) {
  const { base } = workerData as { base: string };
  const send = jsonClient(base, MAX_SOCKETS);
  const channel = parentPort!;
  channel.on('message', (voters: Voter[]) =>
    crowd(send, voters).then(
      (result) => channel.postMessage(result),
      (err: unknown) => channel.postMessage({ error: err instanceof Error ? err.message : String(err) }),
    ),
  );
  channel.postMessage('ready');
}
