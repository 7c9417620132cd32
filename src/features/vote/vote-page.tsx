import { Link } from '@tanstack/react-router';
import { Coins, Headphones, Loader2, RotateCcw } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { PATHS } from '@common/paths';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useOnline } from '@/hooks/use-online';
import { useSession } from '@/lib/session';
import { Arena } from './arena';
import { SessionCostCard } from './session/session-cost';
import { useVoteSession } from './session/use-vote-session';
import { VOTE_TEXT } from './vote-texts';

/** How long after the browser is back online a failed load is tried again. */
const BACK_ONLINE_SETTLE_MS = 2_000;

const button = buttonClass('primary', 'inline-flex items-center gap-2 px-6 py-3 font-bold hover:brightness-110');

function Notice({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Card className="p-10 text-center" data-testid={testId}>
      <h2 className="text-2xl font-black">{title}</h2>
      <div className="mt-3 space-y-6 text-zinc-400">{children}</div>
    </Card>
  );
}

function VoteBody({ uid }: { uid: string }) {
  const { phase, session, reload, start, starting, confirmed } = useVoteSession(uid);
  const online = useOnline();
  const failed = phase.kind === 'error';
  // A load that failed (offline, most often) is tried again once the connection is back, a moment
  // after the browser says so: its first requests can still fail while the network comes up.
  useEffect(() => {
    if (!failed) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const soon = () => {
      clearTimeout(timer);
      timer = setTimeout(reload, BACK_ONLINE_SETTLE_MS);
    };
    window.addEventListener('online', soon);
    return () => {
      window.removeEventListener('online', soon);
      clearTimeout(timer);
    };
  }, [failed, reload]);
  switch (phase.kind) {
    case 'empty':
      return (
        <Notice title={VOTE_TEXT.noMoreTracks} testId="no-more-tracks">
          <p>{VOTE_TEXT.noMoreTracksBody}</p>
        </Notice>
      );
    case 'insufficient':
      return (
        <Notice title={phase.message} testId="insufficient-tokens">
          <p>{phase.detail}</p>
          <Link to={PATHS.pricing} className={button}>
            <Coins className="size-4" aria-hidden /> {VOTE_TEXT.getTokens}
          </Link>
        </Notice>
      );
    case 'confirm':
      return <SessionCostCard key={`${phase.cost}:${phase.balance}`} price={phase} starting={starting} onStart={start} />;
    case 'error':
      return (
        <Notice title={VOTE_TEXT.loadFailed} testId="load-failed">
          {online ? null : <p role="status">{VOTE_TEXT.offlineNoSession}</p>}
          <button type="button" className={button} onClick={reload}>
            <RotateCcw className="size-4" aria-hidden /> Try Again
          </button>
        </Notice>
      );
    case 'ready':
      // A session just paid for from the confirm dialog (gone with the focus it held) takes the focus.
      if (session) return <Arena key={session.id} session={session} onNewSession={reload} takeFocus={confirmed} />;
  }
  return <Loader2 className="mx-auto mt-10 size-8 animate-spin text-zinc-400" aria-label="Loading" />;
}

/** /vote: the blind voting arena. */
export function VotePage() {
  const uid = useSession((s) => s.user?.uid ?? null);
  return (
    // At least a screen tall: the arena arrives after first paint and must not move the footer in view (layout shift).
    // On a phone the page's own frame is tighter: the arena's player, guesses and Submit Guess fit above the radio bar.
    <section className="mx-auto min-h-dvh max-w-3xl px-4 py-10 max-sm:pt-4">
      <header className="mb-8 text-center max-sm:mb-4">
        <h1 className="inline-flex items-center gap-3 text-4xl font-black max-sm:text-3xl">
          <Headphones className="size-9 text-fuchsia-400 max-sm:size-7" aria-hidden /> Voting Arena
        </h1>
        <p className="mt-2 text-zinc-400 max-sm:mt-1">Listen blind. Is it human, AI, or both?</p>
      </header>
      {uid ? <VoteBody key={uid} uid={uid} /> : null}
    </section>
  );
}
