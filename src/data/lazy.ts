import type { SyncCollectionName } from '@common/sync';

/** The data layer as a lazily loaded chunk: RxDB and Dexie stay out of the first load. */
let layer: Promise<typeof import('./data-layer')> | null = null;
export const loadDataLayer = () => (layer ??= import('./data-layer'));

/** The data layer if something already loaded it, without loading it. */
export const loadDataLayerIfLoaded = () => layer;

/** Longest wait for the pull after a write; the stream delivers the change later anyway. */
const AFTER_WRITE_WAIT_MS = 5_000;

/**
 * After an API write: names the user's collections it changed, so they are pulled now.
 * Resolves once they are in sync (at most a few seconds; at once if RxDB never loaded).
 */
export async function afterWrite(names: readonly SyncCollectionName[]): Promise<void> {
  if (!layer) return;
  const m = await layer;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, AFTER_WRITE_WAIT_MS)));
  await Promise.race([m.pullNow(names).catch(() => undefined), timeout]).finally(() => clearTimeout(timer));
}
