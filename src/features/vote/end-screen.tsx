import { RotateCcw } from 'lucide-react';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useOnline } from '@/hooks/use-online';

type Props = { score: { correct: number; total: number; pending: number }; onNewSession: () => void };

/** The end of a session: the final score (pending guesses still to be scored are counted apart). */
export function EndScreen({ score, onNewSession }: Props) {
  const online = useOnline();
  const guesses = `${score.pending} ${score.pending === 1 ? 'guess' : 'guesses'}`;
  return (
    <Card className="p-10 text-center" data-testid="competition-complete">
      {/* Where the focus goes when the arena's last button gives way to this screen (arena.tsx). */}
      {/* The score is the heading's description, so it is read out with it. */}
      <h2 className="text-3xl font-black" tabIndex={-1} data-focus-next aria-describedby="final-score">
        Competition Complete! 🏆
      </h2>
      <div id="final-score">
        <p className="mt-4 text-zinc-400">Final score</p>
        <p className="text-5xl font-black text-fuchsia-200" data-testid="final-score">
          {score.correct}/{score.total}
        </p>
      </div>
      {score.pending > 0 ? (
        <p className="mt-3 text-sm text-sky-200" role="status">
          {online ? `Sending ${guesses}: the score fills in as they are scored.` : `${guesses} saved, result when you are back online.`}
        </p>
      ) : (
        <button
          type="button"
          onClick={onNewSession}
          className={buttonClass('primary', 'mt-8 inline-flex items-center gap-2 px-6 py-3 font-bold hover:brightness-110')}
        >
          <RotateCcw className="size-4" aria-hidden /> New Session
        </button>
      )}
    </Card>
  );
}
