import { RotateCcw } from 'lucide-react';
import { PATHS } from '@common/paths';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useOnline } from '@/hooks/use-online';
import { ShareButton } from './share-button';
import { describeChange, formatChange, formatRating, shareText, type Mark, type SessionRating } from './share-result';

type Props = {
  score: { correct: number; total: number; pending: number };
  /** One per clip, in the session's order. */
  marks: readonly Mark[];
  rating: SessionRating | null;
  onNewSession: () => void;
};

/** The listener's rating after the session and how far the session moved it ("Rating 1712 ± 48 +38"). */
function RatingLine({ rating }: { rating: SessionRating }) {
  const tone = rating.change > 0 ? 'text-emerald-300' : rating.change < 0 ? 'text-red-300' : 'text-zinc-300';
  return (
    <p className="mt-4 text-lg text-zinc-200" data-testid="session-rating">
      Rating <span className="font-bold">{formatRating(rating)}</span>{' '}
      <span className={`font-bold ${tone}`} data-testid="rating-change">
        <span aria-hidden>{formatChange(rating.change)}</span>
        <span className="sr-only">({describeChange(rating.change)})</span>
      </span>
    </p>
  );
}

/**
 * The end of a session: the final score (pending guesses still to be scored are counted apart);
 * once every guess is scored, the listener's new rating and a button to share the result.
 */
export function EndScreen({ score, marks, rating, onNewSession }: Props) {
  const online = useOnline();
  const guesses = `${score.pending} ${score.pending === 1 ? 'guess' : 'guesses'}`;
  const done = score.pending === 0;
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
      {done && rating && <RatingLine rating={rating} />}
      {done ? (
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {/* The next session first: the screen's main action is the first Tab from its heading. */}
          <button
            type="button"
            onClick={onNewSession}
            className={buttonClass('primary', 'inline-flex items-center gap-2 px-6 py-3 font-bold hover:brightness-110')}
          >
            <RotateCcw className="size-4" aria-hidden /> New Session
          </button>
          {score.total > 0 && <ShareButton text={shareText({ score, marks, rating, link: `${window.location.origin}${PATHS.vote}` })} />}
        </div>
      ) : (
        <p className="mt-3 text-sm text-sky-200" role="status">
          {online ? `Sending ${guesses}: the score fills in as they are scored.` : `${guesses} saved, result when you are back online.`}
        </p>
      )}
    </Card>
  );
}
