/** The data layer as a lazily loaded chunk: RxDB and Dexie stay out of the first load. */
let layer: Promise<typeof import('./data-layer')> | null = null;
export const loadDataLayer = () => (layer ??= import('./data-layer'));

/** The data layer if something already loaded it, without loading it. */
export const loadDataLayerIfLoaded = () => layer;

/** Pulls the account documents now, if the data layer is running. */
export function resyncAccountSoon(): void {
  if (layer) void layer.then((m) => m.resyncAccount());
}
