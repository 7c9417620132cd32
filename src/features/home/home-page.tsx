import { Link } from '@tanstack/react-router';
import { PATHS } from '@common/paths';
import { ClaimBanner } from './claim-banner';
import { DailyTokenCard } from './daily-token-card';
import { DeceptionLeaderboard } from './deception-leaderboard';
import { Hero } from './hero';
import { HowItWorks } from './how-it-works';
import { MigrationCard } from './migration-card';
import { TokenLeaderboards } from './token-leaderboards';
import { useLeaderboards } from './use-leaderboards';

export function HomePage() {
  const { boards, failed } = useLeaderboards();
  return (
    <>
      <ClaimBanner />
      <Hero />
      {/* One column that never grows past the screen: a long track title truncates instead of widening it. */}
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 pb-16">
        <DailyTokenCard />
        <HowItWorks />
        <MigrationCard live={boards?.migration ?? null} />
        <TokenLeaderboards boards={boards} failed={failed} />
        <DeceptionLeaderboard rows={boards?.deception ?? null} failed={failed} />
        <p className="text-center text-zinc-400">
          What can people hear?{' '}
          <Link to={PATHS.insights} className="font-semibold text-fuchsia-400 underline underline-offset-2 hover:text-fuchsia-300">
            See the insights
          </Link>
        </p>
      </div>
    </>
  );
}
