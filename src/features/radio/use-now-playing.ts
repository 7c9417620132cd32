import { TIMINGS_MS } from '@common/constants';
import { useApiRead } from '@/hooks/use-api-read';
import { parseNowPlaying, type NowPlaying } from './now-playing';
import { STATION } from './station';

/** The station's metadata; an answer it cannot parse counts as a failure (the last song stays). */
async function loadNowPlaying(url: string, signal: AbortSignal): Promise<NowPlaying> {
  const res = await fetch(url, { signal, cache: 'no-store' });
  if (!res.ok) throw new Error(`metadata ${res.status}`);
  const parsed = parseNowPlaying(await res.json());
  if (!parsed) throw new Error('metadata unreadable');
  return parsed;
}

const url = STATION.metadataUrl;
const read = url ? (signal: AbortSignal) => loadNowPlaying(url, signal) : null;

/** Polls the station's metadata every 10 s (no station: never); failures are only logged. */
export function useNowPlaying(): NowPlaying | null {
  return useApiRead(read, [], { everyMs: TIMINGS_MS.radioMetadataPoll }).data;
}
