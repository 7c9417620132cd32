import { ChevronLeft, ChevronRight, Flag } from 'lucide-react';
import { buttonClass } from '@/components/ui/button';
import type { Arena } from './use-arena';
import { VOTE_TEXT } from './vote-texts';

const secondary = buttonClass('secondary', 'inline-flex items-center gap-1.5 px-4 py-2.5 font-semibold hover:bg-zinc-800 disabled:cursor-not-allowed disabled:opacity-40');
const primary = buttonClass('primary', 'inline-flex items-center gap-1.5 px-5 py-2.5 font-bold hover:brightness-110 disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-wait aria-disabled:opacity-50');

/** Previous, then Submit Guess until the guess is in, then Next Track or Finish Competition. */
export function ArenaNav({ arena }: { arena: Arena }) {
  const guessing = !arena.vote || arena.submitting;
  return (
    <div className="flex items-center justify-between gap-3">
      <button type="button" className={secondary} disabled={!arena.canPrevious} onClick={arena.previous}>
        <ChevronLeft className="size-4" aria-hidden /> {VOTE_TEXT.previous}
      </button>
      {guessing ? (
        // While the guess is sent the button stays focusable (aria-disabled, clicks ignored): a
        // disabled one would drop the keyboard's focus to the page's body until Next Track shows.
        <button
          type="button"
          className={primary}
          disabled={!arena.guess}
          aria-disabled={arena.submitting || undefined}
          onClick={() => {
            if (!arena.submitting) void arena.submit();
          }}
        >
          {arena.submitting ? VOTE_TEXT.submitting : VOTE_TEXT.submit}
        </button>
      ) : (
        <button type="button" className={primary} disabled={!arena.canNext} onClick={arena.next} data-focus-next>
          {arena.isLast ? (
            <>
              <Flag className="size-4" aria-hidden /> {VOTE_TEXT.finish}
            </>
          ) : (
            <>
              {VOTE_TEXT.next} <ChevronRight className="size-4" aria-hidden />
            </>
          )}
        </button>
      )}
    </div>
  );
}
