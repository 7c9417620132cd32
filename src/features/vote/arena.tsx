import { CloudCheck, Loader2 } from 'lucide-react';
import type { VoteSessionView } from '@common/voting';
import { ArenaHeader } from './arena-header';
import { ArenaNav } from './arena-nav';
import { EndScreen } from './end-screen';
import { TrackCard } from './track-card';
import { useArena } from './use-arena';
import { useClipCache } from './use-clip-cache';

function OfflineReady({ state }: { state: ReturnType<typeof useClipCache> }) {
  if (state === 'ready') {
    return (
      <p className="inline-flex items-center gap-1.5 text-xs text-emerald-300" data-testid="clips-ready">
        <CloudCheck className="size-4" aria-hidden /> Clips saved for offline voting
      </p>
    );
  }
  if (state === 'caching') {
    return (
      <p className="inline-flex items-center gap-1.5 text-xs text-zinc-400">
        <Loader2 className="size-3.5 animate-spin" aria-hidden /> Saving clips for offline voting…
      </p>
    );
  }
  return <p className="text-xs text-zinc-400">Clips could not be saved for offline voting; they play while you are online.</p>;
}

/** A session in play: header, the current track, navigation, and the end screen. */
export function Arena({ session, onNewSession }: { session: VoteSessionView; onNewSession: () => void }) {
  const arena = useArena(session);
  const cache = useClipCache(session.clips);
  if (!arena.ready) return <Loader2 className="mx-auto size-8 animate-spin text-zinc-400" aria-label="Loading" />;
  if (arena.finished) return <EndScreen score={arena.score} onNewSession={onNewSession} />;
  return (
    <div className="space-y-6">
      <ArenaHeader index={arena.index} count={arena.count} score={arena.score} />
      <TrackCard arena={arena} />
      <ArenaNav arena={arena} />
      <div className="text-center">
        <OfflineReady state={cache} />
      </div>
    </div>
  );
}
