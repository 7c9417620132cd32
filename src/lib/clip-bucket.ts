/** The Cache Storage bucket of the vote clips; the service worker also serves clips from it (vite.config.ts). */
export const CLIP_CACHE = 'vote-clips';

/** Deletes every cached clip (the user signed out: whoever uses the device next must not play them). */
export async function dropClipCache(): Promise<void> {
  if (typeof caches !== 'undefined') await caches.delete(CLIP_CACHE);
}
