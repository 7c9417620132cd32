import { Link } from '@tanstack/react-router';
import type { DeceptionRow } from '@common/contest/leaderboards';
import { comparedWithChance } from '@common/contest/fool-rate';
import { CHANCE_HINT, CHANCE_TEXT } from '@common/contest/leaderboard-messages';
import { voteCount } from '@common/format';
import { PATHS } from '@common/paths';
import { Card } from '@/components/ui/card';
import { coverVariantUrl } from '@common/contest/covers';
import { PendingText } from '@/components/pending-text';

/** Above, at or below the 66.7% a random guesser gives, decided by the fool rate's 95% interval. */
export function ChanceNote({ incorrect, total }: { incorrect: number; total: number }) {
  const chance = comparedWithChance(incorrect, total);
  if (!chance) return null;
  return (
    <span className="block text-xs font-semibold text-zinc-300" title={CHANCE_HINT[chance]} data-testid="chance">
      {CHANCE_TEXT[chance]}
    </span>
  );
}

/** Top contest tracks by their conservative disguise rating (docs/adr/0051-skill-ratings.md), with their fool rate and how it compares with chance. */
export function DeceptionLeaderboard({ rows, failed }: { rows: DeceptionRow[] | null; failed: boolean }) {
  return (
    <Card aria-labelledby="deception" className="p-6">
      <h2 id="deception" className="text-2xl font-bold">Deception Leaderboard</h2>
      <p className="text-sm text-zinc-400">The contest tracks that fooled the most listeners.</p>
      {rows === null ? (
        <PendingText failed={failed} />
      ) : rows.length === 0 ? (
        <p className="py-8 text-center text-zinc-400">
          No contest tracks yet.{' '}
          <Link to={PATHS.submit} className="text-fuchsia-300 underline">Submit yours today!</Link>
        </p>
      ) : (
        <ol className="mt-4 space-y-3">
          {rows.map((r) => (
            <li key={r.track_id} className="rounded-xl bg-zinc-950/60 p-4">
              {/* Rank, cover, title and artist, then the fool rate and its counts: beside the title,
                  or on a phone on a line of their own, so the title keeps the row's width. */}
              <div className="grid grid-cols-[2rem_auto_minmax(0,1fr)_auto] items-center gap-x-3 gap-y-2">
                <span className="text-center text-xl font-black text-fuchsia-300 sm:row-span-2">#{r.rank}</span>
                {r.cover_art_url ? (
                  <img src={coverVariantUrl(r.cover_art_url, 48)} alt="" width={48} height={48} loading="lazy" className="size-12 rounded-md object-cover sm:row-span-2" />
                ) : (
                  <span className="sm:row-span-2" />
                )}
                <div className="min-w-0 max-sm:col-span-2 sm:row-span-2">
                  <p className="font-semibold break-words">{r.title}</p>
                  <p className="text-sm text-zinc-400 break-words">{r.artist_name}</p>
                </div>
                <p className="text-xl font-black text-amber-200 max-sm:col-span-2 sm:col-start-4 sm:text-right sm:text-2xl">{r.fool_rate.toFixed(1)}%</p>
                <div className="text-right max-sm:col-span-2 sm:col-start-4">
                  <ChanceNote incorrect={r.incorrect_guesses} total={r.total_votes} />
                  <p className="text-xs text-zinc-400">
                    {voteCount(r.total_votes)} · {r.incorrect_guesses} wrong · {r.correct_guesses} right
                  </p>
                </div>
              </div>
              <div className="mt-3 h-1.5 overflow-hidden rounded-full bg-zinc-800">
                <div className="h-full bg-gradient-to-r from-fuchsia-500 to-amber-400" style={{ width: `${r.fool_rate}%` }} />
              </div>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
