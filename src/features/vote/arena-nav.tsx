import { ChevronLeft, ChevronRight, Flag } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { Arena } from './use-arena';
import { VOTE_TEXT } from './vote-texts';

const secondary = 'inline-flex items-center gap-1.5 px-4 py-2.5 font-semibold hover:bg-zinc-800 disabled:cursor-not-allowed disabled:opacity-40';
const primary = 'inline-flex items-center gap-1.5 px-5 py-2.5 font-bold hover:brightness-110 disabled:cursor-not-allowed disabled:opacity-50';

/** Previous, then Submit Guess until the guess is in, then Next Track or Finish Competition. */
export function ArenaNav({ arena }: { arena: Arena }) {
  const guessing = !arena.vote || arena.submitting;
  return (
    <div className="flex items-center justify-between gap-3">
      <Button look="secondary" className={secondary} disabled={!arena.canPrevious} onClick={arena.previous}>
        <ChevronLeft className="size-4" aria-hidden /> {VOTE_TEXT.previous}
      </Button>
      {/* Both states are one Button in one place, so the keyboard's focus stays on it as Submit
          Guess (busy while the guess is sent) becomes Next Track. */}
      {guessing ? (
        <Button className={primary} disabled={!arena.guess} busy={arena.submitting} onClick={() => void arena.submit()}>
          {arena.submitting ? VOTE_TEXT.submitting : VOTE_TEXT.submit}
        </Button>
      ) : (
        <Button className={primary} disabled={!arena.canNext} onClick={arena.next} data-focus-next>
          {arena.isLast ? (
            <>
              <Flag className="size-4" aria-hidden /> {VOTE_TEXT.finish}
            </>
          ) : (
            <>
              {VOTE_TEXT.next} <ChevronRight className="size-4" aria-hidden />
            </>
          )}
        </Button>
      )}
    </div>
  );
}
