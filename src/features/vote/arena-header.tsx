import { Trophy } from 'lucide-react';
import { progressPercent } from './arena-logic';

/** The score (correct/total of scored votes), 'Track n of m' and the progress bar. */
export function ArenaHeader({ index, count, score }: { index: number; count: number; score: { correct: number; total: number } }) {
  const percent = progressPercent(index, count);
  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between gap-4">
        <p className="text-lg font-semibold" data-testid="track-position">
          Track {index + 1} of {count}
        </p>
        <p className="inline-flex items-center gap-2 rounded-full border border-zinc-800 bg-zinc-900/60 px-4 py-1.5 font-bold">
          <Trophy className="size-4 text-amber-300" aria-hidden />
          <span className="text-zinc-400">Score</span>
          <span data-testid="vote-score">
            {score.correct}/{score.total}
          </span>
        </p>
      </div>
      <div
        className="h-2 overflow-hidden rounded-full bg-zinc-800"
        role="progressbar"
        aria-label="Competition progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(percent)}
      >
        <div className="h-full bg-gradient-to-r from-fuchsia-500 to-violet-500 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
