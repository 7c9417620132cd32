import { SONG_TYPE_LABELS, type SongType } from '@common/contest/contest';
import { percentagesOf } from '@common/contest/fool-rate';
import type { GuessTally } from '@common/contest/voting';
import { GUESS_BREAKDOWN_TEXT } from '@common/contest/voting-messages';

const ORDER: readonly SongType[] = ['ai', 'human', 'hybrid'];

/** After the reveal: how the other voters guessed this track, in percent of their votes. */
export function GuessBreakdown({ others }: { others: GuessTally }) {
  const total = others.ai + others.human + others.hybrid;
  const percent = percentagesOf(others);
  return (
    <section aria-labelledby="guess-breakdown" className="rounded-xl bg-zinc-950/60 p-4" data-testid="guess-breakdown">
      <p id="guess-breakdown" className="text-xs uppercase tracking-wider text-zinc-400">{GUESS_BREAKDOWN_TEXT.heading}</p>
      {total === 0 ? (
        <p className="mt-2 text-sm text-zinc-300">{GUESS_BREAKDOWN_TEXT.first}</p>
      ) : (
        <>
          <ul className="mt-2 space-y-2">
            {ORDER.map((type) => (
              <li key={type} className="grid grid-cols-[4rem_1fr_3rem] items-center gap-2 text-sm" data-testid={`guess-share-${type}`}>
                <span>{SONG_TYPE_LABELS[type]}</span>
                <span aria-hidden className="h-2 overflow-hidden rounded-full bg-zinc-800">
                  <span className="block h-full bg-fuchsia-400" style={{ width: `${percent[type]}%` }} />
                </span>
                <span className="text-right font-semibold">{percent[type]}%</span>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-xs text-zinc-400">{GUESS_BREAKDOWN_TEXT.votes(total)}</p>
        </>
      )}
    </section>
  );
}
