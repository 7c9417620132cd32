import { clsx } from 'clsx';
import type { VoteDoc } from '@common/contest/voting';
import { verdict } from './arena-logic';
import { GuessBreakdown } from './guess-breakdown';
import { SongTypeBadge } from './song-type-badge';

function DetailList({ label, items }: { label: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <div>
      <dt className="text-xs uppercase tracking-wider text-zinc-400">{label}</dt>
      <dd className="mt-1 flex flex-wrap gap-1.5">
        {items.map((item) => (
          <span key={item} className="rounded-md bg-zinc-800 px-2 py-0.5 text-sm">{item}</span>
        ))}
      </dd>
    </div>
  );
}

/** After the vote is scored: the verdict, title, artist, type, for hybrids how it was made, and how the others guessed. */
export function RevealPanel({ vote }: { vote: VoteDoc }) {
  const reveal = vote.reveal;
  if (!reveal) return null;
  return (
    <div className="space-y-4" data-testid="reveal">
      {/* Announced whole: the verdict, the title and the artist, before the arena moves on. */}
      <div role="status" className="space-y-4">
        <p className={clsx('text-2xl font-black', vote.is_correct ? 'text-emerald-300' : 'text-amber-300')} data-testid="verdict">
          {verdict(vote)}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <div className="min-w-0 flex-1">
            <p className="text-xl font-bold break-words" data-testid="reveal-title">{reveal.title}</p>
            <p className="text-zinc-400 break-words" data-testid="reveal-artist">{reveal.artist_name}</p>
          </div>
          <SongTypeBadge type={reveal.song_type} />
        </div>
      </div>
      {reveal.song_type === 'hybrid' ? (
        <dl className="space-y-3 rounded-xl bg-zinc-950/60 p-4">
          <DetailList label="AI elements" items={reveal.hybrid_ai_elements} />
          <DetailList label="Human elements" items={reveal.hybrid_human_elements} />
          <DetailList label="Tools used" items={reveal.hybrid_tools_used} />
          {reveal.creation_story ? (
            <div>
              <dt className="text-xs uppercase tracking-wider text-zinc-400">Creation story</dt>
              <dd className="mt-1 whitespace-pre-line text-sm text-zinc-300">{reveal.creation_story}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {reveal.others ? <GuessBreakdown others={reveal.others} /> : null}
    </div>
  );
}
