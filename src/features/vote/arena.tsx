import { CloudCheck, Loader2 } from 'lucide-react';
import { useEffect, useRef, type RefObject } from 'react';
import type { VoteSessionView } from '@common/contest/voting';
import { ArenaHeader } from './arena-header';
import { ArenaNav } from './arena-nav';
import { EndScreen } from './end-screen';
import { TrackCard } from './track-card';
import { useArena } from './use-arena';
import { useClipCache } from './clips/use-clip-cache';

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

/**
 * Keyboard users keep their place in the arena. A button disabled under the focus (Submit Guess
 * while the vote is sent, Next Track as it turns into the next clip's Submit Guess) drops the
 * focus to the page's body, and the next Tab would start over from the top. When the focus was
 * in the arena and got lost so, each new `step` puts it on what comes next: Next Track (or
 * Finish Competition) once the guess is in, the clip's Play button on a new clip, the end
 * screen's heading. Focus kept in the arena is scrolled into view. Focus that moved elsewhere
 * (the radio bar, the menu) is left where it is.
 */
function useFocusKept(container: RefObject<HTMLElement | null>, step: string, takeFocus: boolean): void {
  const inside = useRef(takeFocus);
  useEffect(() => {
    const onFocusIn = (e: FocusEvent) => {
      inside.current = container.current?.contains(e.target as Node) ?? false;
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, [container]);
  useEffect(() => {
    const root = container.current;
    const active = document.activeElement;
    const lost = !active || active === document.body || (root?.contains(active) === true && (active as HTMLButtonElement).disabled);
    if (!root || !inside.current) return;
    if (lost) root.querySelector<HTMLElement>('[data-focus-next]:not(:disabled)')?.focus();
    // The reveal grows the card above the kept focus (Submit Guess turned Next Track): scrolled
    // back into view, or it sat below the fold, or under the radio bar on a phone.
    else if (root.contains(active)) (active as HTMLElement).scrollIntoView({ block: 'nearest' });
  }, [container, step]);
}

/** A session in play: header, the current track, navigation, and the end screen. */
/** `takeFocus`: the focus, lost to the page, comes to the arena's first control (as if it had been in the arena). */
export function Arena({ session, onNewSession, takeFocus = false }: { session: VoteSessionView; onNewSession: () => void; takeFocus?: boolean }) {
  const arena = useArena(session);
  const cache = useClipCache(session.clips);
  const root = useRef<HTMLDivElement>(null);
  const voted = !!arena.vote && !arena.submitting;
  useFocusKept(root, !arena.ready ? 'loading' : arena.finished ? 'end' : `${arena.index}:${voted ? 'voted' : 'open'}`, takeFocus);
  return (
    <div ref={root}>
      <ArenaBody arena={arena} cache={cache} onNewSession={onNewSession} />
    </div>
  );
}

type BodyProps = { arena: ReturnType<typeof useArena>; cache: ReturnType<typeof useClipCache>; onNewSession: () => void };

function ArenaBody({ arena, cache, onNewSession }: BodyProps) {
  if (!arena.ready) return <Loader2 className="mx-auto size-8 animate-spin text-zinc-400" aria-label="Loading" />;
  if (arena.finished) return <EndScreen score={arena.score} marks={arena.marks} rating={arena.rating} onNewSession={onNewSession} />;
  return (
    <div className="space-y-6 max-sm:space-y-4">
      <ArenaHeader index={arena.index} count={arena.count} score={arena.score} />
      <TrackCard arena={arena} />
      <ArenaNav arena={arena} />
      <div className="text-center">
        <OfflineReady state={cache} />
      </div>
    </div>
  );
}
