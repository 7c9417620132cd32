import { Loader2, Pause, Play } from 'lucide-react';
import { CLIP_SECONDS } from '@common/constants';
import type { Reveal } from '@common/contest/voting';
import { formatClock } from './clip-envelope';
import { useClipPlayer } from './use-clip-player';

/** Play/pause, a progress bar and the elapsed time of one 45 s clip. `focusNext`: the arena's focus comes here on a new clip (arena.tsx). */
export function ClipPlayer({ url, reveal, focusNext }: { url: string; reveal: Reveal | null; focusNext: boolean }) {
  const { playing, loading, failed, elapsed, toggle } = useClipPlayer(url, reveal);
  const percent = Math.min(100, (elapsed / CLIP_SECONDS) * 100);
  return (
    <div className="rounded-xl bg-zinc-950/60 p-4 max-sm:p-3" data-testid="clip-player" data-playing={playing}>
      <div className="flex items-center gap-3">
        <button
          type="button"
          onClick={toggle}
          aria-label={playing ? 'Pause clip' : 'Play clip'}
          data-focus-next={focusNext || undefined}
          className="grid size-12 shrink-0 place-items-center rounded-full bg-gradient-to-r from-fuchsia-700 to-violet-600 text-white hover:brightness-110"
        >
          {loading ? <Loader2 className="size-5 animate-spin" aria-hidden /> : playing ? <Pause className="size-5" aria-hidden /> : <Play className="ml-0.5 size-5" aria-hidden />}
        </button>
        <div className="min-w-0 flex-1">
          <div
            className="h-2 overflow-hidden rounded-full bg-zinc-800"
            role="progressbar"
            aria-label="Clip progress"
            aria-valuemin={0}
            aria-valuemax={CLIP_SECONDS}
            aria-valuenow={Math.floor(elapsed)}
          >
            <div className="h-full bg-fuchsia-500 transition-[width] duration-100" style={{ width: `${percent}%` }} />
          </div>
          <p className="mt-1.5 flex justify-between text-xs tabular-nums text-zinc-400">
            <span data-testid="clip-elapsed">{formatClock(elapsed)}</span>
            <span>{formatClock(CLIP_SECONDS)}</span>
          </p>
        </div>
      </div>
      {failed ? <p className="mt-2 text-sm text-red-300">This clip could not be played. Try again.</p> : null}
    </div>
  );
}
