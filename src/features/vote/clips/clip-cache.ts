import { CLIP_CACHE } from '@/lib/clip-bucket';

const hasCaches = () => typeof caches !== 'undefined';
const pathOf = (url: string) => new URL(url, 'http://x').pathname;

/**
 * Downloads the clips into Cache Storage, all in parallel, skipping those already there:
 * playback alone fetches 206 ranges, which cannot be cached, so a session caches its clips
 * up front and can then be voted on offline.
 */
export async function cacheClips(urls: readonly string[]): Promise<void> {
  if (!hasCaches()) throw new Error('Cache Storage is not available');
  void navigator.storage?.persist?.().catch(() => false);
  const cache = await caches.open(CLIP_CACHE);
  await Promise.all(
    urls.map(async (url) => {
      if (!(await cache.match(url))) await cache.add(url);
    }),
  );
}

/** Cached entries that belong to none of `keep` (clips of finished sessions). */
export function staleEntries(cachedUrls: readonly string[], keep: readonly string[]): string[] {
  const kept = new Set(keep.map(pathOf));
  return cachedUrls.filter((u) => !kept.has(pathOf(u)));
}

/** Drops the clips of other sessions, so the cache holds one session at a time. */
export async function pruneClipCache(keep: readonly string[]): Promise<void> {
  if (!hasCaches()) return;
  const cache = await caches.open(CLIP_CACHE);
  const requests = await cache.keys();
  const stale = new Set(staleEntries(requests.map((r) => r.url), keep));
  await Promise.all(requests.filter((r) => stale.has(r.url)).map((r) => cache.delete(r)));
}

/**
 * The cached clip (matched by path too, for clip URLs that carried a signature), so playback
 * works offline even where the service worker does not control the page yet (first visit,
 * hard reload).
 */
export async function cachedClip(url: string): Promise<Blob | null> {
  if (!hasCaches()) return null;
  try {
    const cache = await caches.open(CLIP_CACHE);
    const hit = (await cache.match(url)) ?? (await cache.match(url, { ignoreSearch: true }));
    return hit ? await hit.blob() : null;
  } catch {
    return null;
  }
}
