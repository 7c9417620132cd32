import { Worker } from 'node:worker_threads';

/**
 * A worker thread that loads the TypeScript module at `moduleUrl` (its `import.meta.url`) through
 * tsx's loader, whatever runs the caller (tsx, vitest); the module tells it is the worker by
 * `workerData`.
 */
export function tsxWorker(moduleUrl: string, workerData: Record<string, unknown>): Worker {
  const url = JSON.stringify(moduleUrl);
  return new Worker(`import('tsx/esm/api').then(({ tsImport }) => tsImport(${url}, ${url}))`, { eval: true, workerData });
}
