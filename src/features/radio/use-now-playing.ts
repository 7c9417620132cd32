import { TIMINGS_MS } from '@common/constants';
import { useApiRead } from '@/hooks/use-api-read';
import { useFirstPaintPassed } from '@/lib/first-paint';
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

/**
 * Polls the station's metadata every 10 s (no station: never), from the first page's largest
 * paint on (the station is another origin: a new connection the page's content does not need).
 * `song` is null while the station does not answer: its last song is not shown as playing, and
 * `unreachable` says so (failures are not toasted, per the spec).
 */
export function useNowPlaying(): { song: NowPlaying | null; unreachable: boolean } {
  const painted = useFirstPaintPassed();
  const { data, error } = useApiRead(painted ? read : null, [painted], { everyMs: TIMINGS_MS.radioMetadataPoll });
  const unreachable = error !== null && error !== undefined;
  return { song: unreachable ? null : data, unreachable };
}
