import { Lock, Wallet } from 'lucide-react';
import { useState } from 'react';
import { MSG } from '@common/messages';
import { claimProblem, MIGRATION_MSG } from '@common/migration/migration-messages';
import { MigrationBadge } from '@/components/migration-badge';
import { Card } from '@/components/ui/card';
import { afterWrite } from '@/data/lazy';
import { useApiRead } from '@/hooks/use-api-read';
import type { ProfileDoc } from '@/data/schemas';
import { ApiError } from '@/lib/api/api';
import * as endpoints from '@/lib/api/endpoints.gen';
import { call } from '@/lib/api/call';
import { notifyError, notifySuccess } from '@/lib/notify';
import { MigratedDetails, WALLET_BUTTON } from './migrated-details';

/** What the card says of the migration: before it, while it sends this user's tokens, after it, or after it for an account made since. */
function migrationLine(status: ProfileDoc['migration_status'], runDone: boolean): string {
  if (status === 'migrated') return MIGRATION_MSG.cardMigrated;
  if (status === 'migrating') return MIGRATION_MSG.cardMigrating;
  return runDone ? MIGRATION_MSG.cardJoinedAfter : MIGRATION_MSG.cardBefore;
}

export function MigrationStatusCard({ profile }: { profile: ProfileDoc }) {
  // Whether a run has been (the home card's flag), for an account still before its own migration.
  const beforeOwn = profile.migration_status !== 'migrated' && profile.migration_status !== 'migrating';
  const runDone = useApiRead(beforeOwn ? (signal) => call(endpoints.accounts.publicMigration, { signal }) : null, [beforeOwn]);
  const [wallet, setWallet] = useState('');
  const [saving, setSaving] = useState(false);
  const [savedAt, setSavedAt] = useState(0);
  const saved = profile.wallet_address ?? null;
  const save = async () => {
    setSaving(true);
    try {
      const answer = await call(endpoints.accounts.wallet, { body: { wallet_address: wallet.trim() } });
      notifySuccess(MSG.walletSaved);
      const problem = claimProblem(answer.claim);
      if (problem) notifyError(MIGRATION_MSG.claimNotSent, problem);
      void afterWrite(['profiles']);
    } catch (err) {
      notifyError(MSG.walletSaveFailed, err instanceof ApiError ? err.withoutField : err);
    } finally {
      setSaving(false);
      setSavedAt(Date.now());
    }
  };
  return (
    <Card className="p-6">
      <div className="flex items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 text-xl font-bold">
          <Wallet className="size-5 text-violet-300" aria-hidden /> Migration status
        </h2>
        <MigrationBadge status={profile.migration_status} size="md" />
      </div>
      <p className="mt-2 text-sm text-zinc-400" data-testid="migration-line">
        {migrationLine(profile.migration_status, runDone.data?.migration_enabled ?? false)}
      </p>
      <div className="mt-4 flex gap-2">
        <input
          value={saved ?? wallet}
          onChange={(e) => setWallet(e.target.value)}
          disabled={saved !== null || saving}
          placeholder="Your Solana wallet address (optional)"
          aria-label="Wallet address"
          className="min-w-0 flex-1 rounded-md border border-zinc-700 bg-zinc-950 px-3 py-2 font-mono text-sm disabled:opacity-70"
        />
        {saved !== null ? (
          <span className="inline-flex items-center gap-1.5 px-2 text-sm text-zinc-400">
            <Lock className="size-4" aria-hidden /> Locked
          </span>
        ) : (
          <button
            type="button"
            onClick={() => void save()}
            disabled={wallet.trim() === '' || saving}
            className={WALLET_BUTTON}
          >
            {saving ? 'Saving…' : 'Save'}
          </button>
        )}
      </div>
      {profile.migration_status === 'migrated' ? <MigratedDetails status={profile.migration_status} wallet={saved} saving={saving} savedAt={savedAt} /> : null}
    </Card>
  );
}
