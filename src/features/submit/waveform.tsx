import { useEffect, useRef, useState } from 'react';
import WaveSurfer from 'wavesurfer.js';
import RegionsPlugin, { type Region } from 'wavesurfer.js/dist/plugins/regions.esm.js';

const REGION_COLOR = 'rgba(217, 70, 239, 0.28)';
const LOCKED_COLOR = 'rgba(16, 185, 129, 0.3)';

type Props = {
  url: string;
  start: number;
  end: number;
  locked: boolean;
  onDecoded: (duration: number) => void;
  /** The region was dragged to a new start (only possible while unlocked). */
  onDragged: (start: number) => void;
};

/** The decoded file's waveform with the clip window drawn as a region. */
export function Waveform({ url, start, end, locked, onDecoded, onDragged }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const [region, setRegion] = useState<Region | null>(null);
  const [failed, setFailed] = useState(false);
  const initial = useRef({ start, end, locked, onDecoded, onDragged });

  useEffect(() => {
    initial.current = { start, end, locked, onDecoded, onDragged };
  });

  useEffect(() => {
    if (!container.current) return;
    const regions = RegionsPlugin.create();
    const ws = WaveSurfer.create({
      container: container.current,
      url,
      height: 80,
      waveColor: '#71717a',
      progressColor: '#a1a1aa',
      cursorWidth: 0,
      interact: false,
      plugins: [regions],
    });
    ws.on('decode', (duration) => {
      const now = initial.current;
      now.onDecoded(duration);
      const r = regions.addRegion({ start: now.start, end: now.end, drag: !now.locked, resize: false, color: now.locked ? LOCKED_COLOR : REGION_COLOR });
      r.on('update-end', () => initial.current.onDragged(r.start));
      setRegion(r);
    });
    ws.on('error', (err) => {
      console.warn('Waveform could not be drawn', err);
      setFailed(true);
    });
    return () => {
      setRegion(null);
      setFailed(false);
      ws.destroy();
    };
  }, [url]);

  useEffect(() => {
    region?.setOptions({ start, end, drag: !locked, color: locked ? LOCKED_COLOR : REGION_COLOR });
  }, [region, start, end, locked]);

  return (
    <div className="rounded-lg border border-zinc-800 bg-zinc-950/60 p-2">
      <div ref={container} data-testid="waveform" data-ready={region ? 'true' : 'false'} aria-hidden className="min-h-20" />
      {failed ? <p className="px-1 pb-1 text-xs text-zinc-400">The waveform could not be drawn for this file; the clip can still be chosen.</p> : null}
    </div>
  );
}
