import { useEffect, useState } from 'react';
import { TIMINGS_MS } from '@common/constants';
import { parseNowPlaying, type NowPlaying } from './now-playing';
import { STATION } from './station';

/** Polls the station's metadata every 10 s; failures are only logged. */
export function useNowPlaying(): NowPlaying | null {
  const [song, setSong] = useState<NowPlaying | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    const load = async () => {
      try {
        const res = await fetch(STATION.metadataUrl, { signal: abort.signal, cache: 'no-store' });
        if (!res.ok) throw new Error(`metadata ${res.status}`);
        const parsed = parseNowPlaying(await res.json());
        if (parsed) setSong(parsed);
      } catch (err) {
        if (!abort.signal.aborted) console.warn('radio metadata failed', err);
      }
    };
    void load();
    const timer = setInterval(() => void load(), TIMINGS_MS.radioMetadataPoll);
    return () => {
      abort.abort();
      clearInterval(timer);
    };
  }, []);
  return song;
}
