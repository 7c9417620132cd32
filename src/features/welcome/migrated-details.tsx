import { formatCount } from '@common/format';
import { useState } from 'react';
import type { MyMigration } from '@common/migration';
import { MIGRATION_MSG } from '@common/migration-messages';
import { useApiRead } from '@/hooks/use-api-read';
import { api } from '@/lib/api';

const dateOf = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

/**
 * A migrated user's migration_log entry (the latest, by migrated_at): snapshot balance, lock-until
 * date while in the future, transaction hash and wallet. Read again when the status or the wallet
 * changes (a saved wallet claims a pending snapshot).
 */
export function MigratedDetails({ status, wallet }: { status: string; wallet: string | null }) {
  const { data } = useApiRead((signal) => api<{ data: MyMigration }>('/migration/me', { signal }), [status, wallet]);
  const [now] = useState(Date.now);
  const entry = data?.data;
  if (!entry) return null;
  const locked = entry.locked_until && Date.parse(entry.locked_until) > now ? entry.locked_until : null;
  return (
    <dl className="mt-4 grid gap-2 text-sm" aria-label="Migration details">
      <div className="flex justify-between gap-3">
        <dt className="text-zinc-400">Snapshot balance</dt>
        <dd className="font-semibold" data-testid="snapshot-balance">{formatCount(entry.snapshot_balance)} tokens</dd>
      </div>
      {locked ? (
        <div className="flex justify-between gap-3">
          <dt className="text-zinc-400">Locked until</dt>
          <dd>{dateOf(locked)}</dd>
        </div>
      ) : null}
      <div className="flex justify-between gap-3">
        <dt className="text-zinc-400">Transaction hash</dt>
        <dd className="min-w-0 break-all font-mono text-xs" data-testid="tx-hash">{entry.solana_tx_hash ?? '—'}</dd>
      </div>
      <div className="flex justify-between gap-3">
        <dt className="text-zinc-400">Wallet</dt>
        <dd className="min-w-0 break-all font-mono text-xs">{entry.wallet_address ?? wallet ?? '—'}</dd>
      </div>
      {entry.claim_pending ? <p className="text-amber-300">{MIGRATION_MSG.claimPending}</p> : null}
    </dl>
  );
}
