import { useId, useState } from 'react';
import { LEADERBOARD_ROWS } from '@common/constants';
import type { LeaderboardRow, Leaderboards } from '@common/contest/leaderboards';
import { Card } from '@/components/ui/card';
import { Tab, TabList, TabPanel, Tabs } from '@/components/ui/tabs';
import { coverVariantUrl } from '@common/contest/covers';
import { formatCount } from '@common/format';
import { ChanceNote } from './deception-leaderboard';
import { PendingText } from '@/components/pending-text';
import { ratingText } from '@/lib/rating-text';

const TABS = [
  // Top Guessers show their rating and share of right guesses instead (RatingScore); the unit is the fallback's.
  { key: 'top_guessers', label: 'Top Guessers', unit: 'correct', empty: 'No guesses yet. Be the first to vote!' },
  { key: 'top_fooling_tracks', label: 'Fooling Tracks', unit: 'fooled', empty: 'No tracks have fooled anyone yet.' },
  { key: 'top_earners_week', label: 'Weekly Earners', unit: 'tokens', empty: 'No tokens earned this week yet.' },
] as const;

/** A listener's rating give or take one deviation, and the share of their guesses that were right. */
function GuesserScore({ rating, deviation, accuracy }: { rating: number; deviation: number; accuracy: number | undefined }) {
  return (
    <>
      <span data-testid="guesser-rating">{ratingText(rating, deviation)}</span> <span className="text-xs font-normal text-zinc-400">rating</span>
      {accuracy !== undefined ? <span className="block text-xs font-normal text-zinc-300">{Math.round(accuracy)}% right</span> : null}
    </>
  );
}

function Board({ rows, unit, empty }: { rows: LeaderboardRow[]; unit: string; empty: string }) {
  const [all, setAll] = useState(false);
  const listId = useId();
  if (rows.length === 0) return <p className="py-8 text-center text-zinc-400">{empty}</p>;
  const shown = all ? rows : rows.slice(0, LEADERBOARD_ROWS);
  return (
    <>
      <ol id={listId} className="divide-y divide-zinc-800">
        {shown.map((r) => (
          <li key={`${r.rank}-${r.username ?? r.title}`} className="flex items-center gap-3 py-2.5">
            <span className="w-7 text-right font-mono text-sm text-zinc-400">{r.rank}</span>
            {r.avatar_url || r.cover_art_url ? (
              <img src={r.avatar_url ?? coverVariantUrl(r.cover_art_url as string, 32)} alt="" width={32} height={32} loading="lazy" className="size-8 rounded-md object-cover" />
            ) : (
              <span aria-hidden className="grid size-8 place-items-center rounded-md bg-zinc-800 text-xs uppercase">
                {(r.username ?? r.title ?? '?').slice(0, 1)}
              </span>
            )}
            <span className="min-w-0 flex-1 break-words">
              {r.title ? (
                <>
                  <span className="font-medium">{r.title}</span> <span className="text-zinc-400">— {r.artist_name}</span>
                </>
              ) : (
                <>
                  <span className="font-medium">{r.full_name || r.username}</span>{' '}
                  <span className="text-zinc-400">@{r.username}</span>
                </>
              )}
            </span>
            {/* At most half the row, its chance note wrapping: on a phone the title keeps room to read. */}
            <span className="max-w-[50%] text-right font-semibold text-amber-200">
              {r.username && r.rating !== undefined && r.rating_deviation !== undefined ? (
                <GuesserScore rating={r.rating} deviation={r.rating_deviation} accuracy={r.accuracy} />
              ) : (
                <>
                  {formatCount(r.score)} <span className="text-xs font-normal text-zinc-400">{unit}</span>
                </>
              )}
              {r.fool_rate !== undefined && r.total_votes ? (
                <span className="flex flex-wrap items-center justify-end gap-x-1 text-xs font-normal text-zinc-400">
                  {r.fool_rate.toFixed(1)}% · <ChanceNote incorrect={r.score} total={r.total_votes} />
                </span>
              ) : null}
              {r.title && r.rating !== undefined && r.rating_deviation !== undefined ? (
                <span className="block text-xs font-normal text-zinc-400">rating {ratingText(r.rating, r.rating_deviation)}</span>
              ) : null}
            </span>
          </li>
        ))}
      </ol>
      {rows.length > LEADERBOARD_ROWS ? (
        <button type="button" aria-expanded={all} aria-controls={listId} onClick={() => setAll(!all)} className="mt-3 text-sm font-medium text-fuchsia-300 hover:text-fuchsia-200">
          {all ? 'Show Less' : `Show All ${rows.length}`}
        </button>
      ) : null}
    </>
  );
}

/** The three boards as tabs; only the selected one renders. */
export function TokenLeaderboards({ boards, failed }: { boards: Leaderboards | null; failed: boolean }) {
  return (
    <Card aria-labelledby="token-boards" className="p-6">
      <h2 id="token-boards" className="text-2xl font-bold">Token Economy Leaderboards</h2>
      <Tabs defaultValue={TABS[0].key}>
        <TabList look="segment" aria-label="Leaderboards" className="mt-4 flex gap-1 text-sm">
          {TABS.map((t) => (
            <Tab key={t.key} value={t.key} look="segment" className="flex-1 px-3">
              {t.label}
            </Tab>
          ))}
        </TabList>
        {TABS.map((t) => (
          <TabPanel key={t.key} value={t.key} className="mt-3">
            {boards ? <Board rows={boards[t.key]} unit={t.unit} empty={t.empty} /> : <PendingText failed={failed} />}
          </TabPanel>
        ))}
      </Tabs>
    </Card>
  );
}
