import { CloudOff, XCircle } from 'lucide-react';
import { Card } from '@/components/ui/card';
import type { Arena } from './use-arena';
import { ClipPlayer } from './clips/clip-player';
import { CoverArt } from './cover-art';
import { GuessButtons } from './guess-buttons';
import { RevealPanel } from './reveal-panel';
import { VOTE_TEXT } from './vote-texts';

/** One clip: cover, player, the guess, then the reveal (or why there is none yet). */
export function TrackCard({ arena }: { arena: Arena }) {
  const { clip, vote } = arena;
  if (!clip) return null;
  const reveal = vote?.status === 'scored' ? vote.reveal : null;
  return (
    <Card as="article" className="grid gap-6 p-6 max-sm:gap-4 max-sm:p-4 md:grid-cols-[minmax(0,240px)_1fr]">
      <CoverArt reveal={reveal} />
      <div className="flex min-w-0 flex-col gap-5 max-sm:gap-4">
        <ClipPlayer key={clip.clip_id} url={clip.clip_url} reveal={reveal} focusNext={!vote} />
        <div>
          <p className="mb-2 text-sm text-zinc-400">Human, AI or both? Make your guess.</p>
          <GuessButtons value={arena.guess} onChange={arena.setGuess} locked={!!vote || arena.submitting} />
        </div>
        {arena.submitting ? null : vote?.status === 'pending' ? (
          <p role="status" data-testid="vote-saved" className="inline-flex items-center gap-2 rounded-xl border border-sky-400/30 bg-sky-400/10 px-4 py-3 text-sky-100">
            <CloudOff className="size-5 shrink-0" aria-hidden /> {VOTE_TEXT.savedOffline}
          </p>
        ) : vote?.status === 'rejected' ? (
          <p role="status" className="inline-flex items-center gap-2 rounded-xl border border-red-400/30 bg-red-400/10 px-4 py-3 text-red-100">
            <XCircle className="size-5 shrink-0" aria-hidden /> {VOTE_TEXT.submitFailed}
            {vote.error ? `: ${vote.error}` : ''}
          </p>
        ) : vote ? (
          <RevealPanel vote={vote} />
        ) : null}
      </div>
    </Card>
  );
}
