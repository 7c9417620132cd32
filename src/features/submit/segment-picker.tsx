import { Lock, Pause, Play, Unlock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { SLIDER_STEP_SECONDS } from '@common/constants';
import type { SubmissionRoute } from '@common/contest/contest';
import { clampClipStart, clipEnd, clipReadout, maxClipStart, segmentHint } from './submit-rules';
import { useClipPreview } from './use-clip-preview';
import { Waveform } from './waveform';

function useObjectUrl(file: File): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);
  return url;
}

type Props = { file: File; start: number; onStartChange: (start: number) => void; routes: readonly SubmissionRoute[]; disabled?: boolean };

/** Picks the start of the 45 s voting clip on the file's waveform; decoded locally, never uploaded for this. */
export function SegmentPicker({ file, start, onStartChange, routes, disabled = false }: Props) {
  const url = useObjectUrl(file);
  const [decoded, setDecoded] = useState(0);
  const [locked, setLocked] = useState(false);
  const preview = useClipPreview(url, start, decoded);
  const duration = decoded || preview.mediaDuration;
  const max = maxClipStart(duration);
  const move = (value: number) => onStartChange(clampClipStart(value, duration));
  const end = clipEnd(start, duration);
  // Metadata and decoding can disagree by a fraction of a second: keep the start inside the window.
  useEffect(() => {
    if (duration > 0 && start > max) onStartChange(max);
  }, [duration, max, start, onStartChange]);

  return (
    <div className="space-y-3">
      {url ? <Waveform url={url} start={start} end={end} locked={locked} onDecoded={setDecoded} onDragged={move} /> : null}
      <div className="space-y-1.5">
        <div className="flex items-baseline justify-between text-sm">
          <label htmlFor="clip-start" className="font-medium">
            Clip start
          </label>
          <span data-testid="clip-readout" className="tabular-nums text-zinc-400">
            {clipReadout(start, duration)}
          </span>
        </div>
        <input
          id="clip-start"
          type="range"
          min={0}
          max={max}
          step={SLIDER_STEP_SECONDS}
          value={start}
          onChange={(e) => move(Number(e.target.value))}
          disabled={disabled || locked || duration === 0}
          aria-valuetext={clipReadout(start, duration)}
          // 32 px tall: a finger finds it (the track stays as thin, centred).
          className="h-8 w-full accent-fuchsia-500 disabled:opacity-50"
        />
        <p className="text-xs text-zinc-400">
          {duration === 0
            ? 'Reading the audio file…'
            : segmentHint(routes, Math.round(end - start))}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          onClick={preview.toggle}
          disabled={!url || duration === 0}
          className="inline-flex items-center gap-1.5 rounded-md border border-zinc-700 px-3 py-1.5 text-sm font-medium hover:bg-zinc-800 disabled:opacity-50"
        >
          {preview.playing ? <Pause className="size-4" aria-hidden /> : <Play className="size-4" aria-hidden />}
          {preview.playing ? 'Stop Preview' : 'Play Preview'}
        </button>
        <button
          type="button"
          onClick={() => setLocked((l) => !l)}
          disabled={disabled || duration === 0}
          className={`inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium disabled:opacity-50 ${
            locked ? 'border border-zinc-700 hover:bg-zinc-800' : 'bg-emerald-700 text-white hover:bg-emerald-800'
          }`}
        >
          {locked ? <Unlock className="size-4" aria-hidden /> : <Lock className="size-4" aria-hidden />}
          {locked ? 'Change Segment' : 'Lock This Segment'}
        </button>
        {locked ? <span className="self-center text-sm text-emerald-300">Segment locked</span> : null}
      </div>
    </div>
  );
}
