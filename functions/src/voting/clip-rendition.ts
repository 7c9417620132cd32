import { createHash, createHmac, randomBytes } from 'node:crypto';
import { flipSigns, mapSigns, Mp3LayoutError, type SignMap } from '../platform/media/mp3-signs';
import type { VoteSessionDoc } from './session-doc';

/**
 * Each session's own rendition of a clip (docs/adr/0024-clips-differ-per-session.md): the
 * stored clip with a few spectral signs flipped, chosen by a seed of the session and the clip's
 * handle (platform/media/mp3-signs.ts), about 70 dB below the signal. Made on every GET from the
 * stored clip, deterministically, so a refetch, a Range request or another instance gives the
 * same bytes and nothing is stored per session.
 */

/** A new session's secret: with a clip's handle it seeds that clip's rendition. Never leaves the server. */
export const newClipSeed = (): string => randomBytes(16).toString('hex');

/**
 * The seed of a session's clip. A session stored before seeds existed gets one from its stored
 * clip paths (server-only, as the seed), so it too gets renditions, stable ones.
 */
export function renditionSeed(session: Pick<VoteSessionDoc, 'clip_seed' | 'clip_paths'>, handle: string): Buffer {
  return createHmac('sha256', session.clip_seed ?? `paths:${session.clip_paths.join('\n')}`)
    .update(handle)
    .digest();
}

/** Sign maps kept per instance, by the clip's content (a CMS edit re-cuts a clip under the same path). ~0.3 MB each. */
const MAPS_KEPT = 64;
const maps = new Map<string, SignMap>();

/** The sign map of `clip`, from the cache or made now (~100 ms of CPU for 45 s). */
export function signMapOf(clip: Buffer): SignMap {
  const key = createHash('sha256').update(clip).digest('base64');
  let map = maps.get(key);
  if (map) maps.delete(key); // re-inserted below: the most recently used is last
  else map = mapSigns(clip);
  maps.set(key, map);
  if (maps.size > MAPS_KEPT) maps.delete(maps.keys().next().value!);
  return map;
}

/** The rendition of `clip` for `seed`, or null when the clip is not an MP3 that can be mapped. */
export function renderClip(clip: Buffer, seed: Buffer): Buffer | null {
  try {
    return flipSigns(clip, signMapOf(clip), seed);
  } catch (err) {
    if (err instanceof Mp3LayoutError) return null;
    throw err;
  }
}

/** Forgets the cached sign maps (the bench measures a cold instance). */
export function forgetSignMaps(): void {
  maps.clear();
}
