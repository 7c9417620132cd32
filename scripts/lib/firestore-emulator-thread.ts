/**
 * The in-process Firestore emulator (firestore-emulator.ts) on a worker thread of its own, so
 * that it does not share one core with the API that calls it: in the local stack it runs in the
 * stack's process, apart from the Functions emulator's, as Firestore runs apart from functions.
 * Its counters and locking are reached through messages. For benchmarks. The thread loads
 * this file through tsx's loader, whatever runs the caller (tsx, vitest).
 */
import type { EventLoopUtilization } from 'node:perf_hooks';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { tsxWorker } from './tsx-worker';
import { firestoreLockStats, firestoreOps, setFirestoreLocking, startFirestoreEmulator, type FirestoreLocking } from './firestore-emulator';

type Options = { locking?: FirestoreLocking; leaseMs?: number };
type Op = 'ops' | 'resetOps' | 'lockStats' | 'resetLockStats' | 'setLocking' | 'stop';
type Request = { id: number; op: Op; mode?: FirestoreLocking };
type Reply = { id: number; result?: unknown; error?: string };
type Ready = { ready: true } | { ready: false; error: string };

const THREAD_FLAG = 'firestoreEmulatorThread';

export type FirestoreEmulatorThread = {
  /** Documents read and written, and requests made, since the last resetOps (see firestoreOps). */
  ops(): Promise<{ reads: number; writes: number; calls: number }>;
  resetOps(): Promise<void>;
  /** Lock conflicts since the last resetLockStats (see firestoreLockStats). */
  lockStats(): Promise<{ aborted: number; waited: number }>;
  resetLockStats(): Promise<void>;
  /** Only while no transaction is open (see setFirestoreLocking). */
  setLocking(mode: FirestoreLocking): Promise<void>;
  stop(): Promise<void>;
  /** How busy the thread's event loop has been since `since` (a previous reading), as Node measures it. */
  utilization(since?: EventLoopUtilization): EventLoopUtilization;
};

/** Starts the emulator on `port` in a worker thread; resolves once it listens. */
export async function startFirestoreEmulatorThread(port: number, opts: Options = {}): Promise<FirestoreEmulatorThread> {
  const worker = tsxWorker(import.meta.url, { [THREAD_FLAG]: true, port, opts });
  const ready = await new Promise<Ready>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  if (!ready.ready) {
    await worker.terminate();
    throw new Error(`The Firestore emulator thread did not start: ${ready.error}`);
  }
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let nextId = 0;
  worker.on('message', (reply: Reply) => {
    const call = pending.get(reply.id);
    pending.delete(reply.id);
    if (reply.error === undefined) call?.resolve(reply.result);
    else call?.reject(new Error(reply.error));
  });
  worker.on('error', (err) => {
    for (const call of pending.values()) call.reject(err);
    pending.clear();
  });
  const ask = <T>(op: Op, mode?: FirestoreLocking) =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ id, op, mode } satisfies Request);
    });
  return {
    ops: () => ask('ops'),
    resetOps: () => ask('resetOps'),
    lockStats: () => ask('lockStats'),
    resetLockStats: () => ask('resetLockStats'),
    setLocking: (mode) => ask('setLocking', mode),
    utilization: (since) => worker.performance.eventLoopUtilization(since),
    async stop() {
      await ask('stop');
      await worker.terminate();
    },
  };
}

/** The thread's side: starts the emulator, then answers requests. */
async function serve(port: number, opts: Options): Promise<void> {
  const channel = parentPort!;
  let server: Awaited<ReturnType<typeof startFirestoreEmulator>>;
  try {
    server = await startFirestoreEmulator(port, opts);
  } catch (err) {
    channel.postMessage({ ready: false, error: String(err) } satisfies Ready);
    return;
  }
  const handle = (req: Request): unknown => {
    switch (req.op) {
      case 'ops':
        return { reads: firestoreOps.reads, writes: firestoreOps.writes, calls: firestoreOps.calls };
      case 'resetOps':
        return firestoreOps.reset();
      case 'lockStats':
        return { aborted: firestoreLockStats.aborted, waited: firestoreLockStats.waited };
      case 'resetLockStats':
        return firestoreLockStats.reset();
      case 'setLocking':
        return setFirestoreLocking(server, req.mode!);
      case 'stop':
        return server.stop();
    }
  };
  channel.on('message', async (req: Request) => {
    try {
      channel.postMessage({ id: req.id, result: await handle(req) } satisfies Reply);
    } catch (err) {
      channel.postMessage({ id: req.id, error: err instanceof Error ? err.message : String(err) } satisfies Reply);
    }
  });
  channel.postMessage({ ready: true } satisfies Ready);
}

if (!isMainThread && (workerData as Record<string, unknown> | null)?.[THREAD_FLAG] === true) {
  const { port, opts } = workerData as { port: number; opts: Options };
  void serve(port, opts);
}
