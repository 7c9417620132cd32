import { formatCount } from '@common/format';
import { Rocket } from 'lucide-react';
import { TIMINGS_MS } from '@common/constants';
import type { PublicMigration } from '@common/migration/migration';
import { useApiRead } from '@/hooks/use-api-read';
import * as endpoints from '@/lib/api/endpoints.gen';
import { call } from '@/lib/api/call';
import { PendingText } from '@/components/pending-text';

/**
 * The planned move of tokens on-chain: a countdown of users still needed, or done. Live: the
 * leaderboards stream carries migration_config's state (`live`); one read covers the moment before.
 */
export function MigrationCard({ live }: { live: PublicMigration | null }) {
  const first = useApiRead((signal) => call(endpoints.accounts.publicMigration, { signal }), [], { retryMs: TIMINGS_MS.readRetry });
  const data = live ?? first.data;
  const pct = data ? Math.min(100, (data.user_count / Math.max(1, data.user_threshold)) * 100) : 0;
  return (
    <section aria-labelledby="migration" className="rounded-2xl border border-violet-500/30 bg-violet-500/5 p-6">
      <div className="flex items-center gap-3">
        <Rocket className="size-7 text-violet-300" aria-hidden />
        <h2 id="migration" className="text-xl font-bold">Token Migration</h2>
      </div>
      {!data ? (
        <PendingText failed={first.failed} className="mt-3 text-zinc-400" loading="Loading migration status…" />
      ) : data.migration_enabled ? (
        <p className="mt-3 text-2xl font-bold text-emerald-300">Migration Complete!</p>
      ) : (
        <>
          <p className="mt-3 text-zinc-300">
            <span className="text-3xl font-black text-zinc-50" data-testid="users-needed">{formatCount(data.users_needed)}</span> more users
            until tokens move on-chain.
          </p>
          <div className="mt-3 h-2 overflow-hidden rounded-full bg-zinc-800" role="progressbar" aria-label="Migration progress" aria-valuenow={Math.round(pct)} aria-valuemin={0} aria-valuemax={100}>
            <div className="h-full bg-gradient-to-r from-violet-500 to-fuchsia-500" style={{ width: `${Math.max(pct, 1)}%` }} />
          </div>
          <p className="mt-2 text-xs text-zinc-400">
            {formatCount(data.user_count)} of {formatCount(data.user_threshold)} users
          </p>
        </>
      )}
    </section>
  );
}
