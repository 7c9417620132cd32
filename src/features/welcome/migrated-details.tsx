import { formatCount } from '@common/format';
import { useState } from 'react';
import { MIGRATION_MSG } from '@common/migration/migration-messages';
import { useApiRead } from '@/hooks/use-api-read';
import * as endpoints from '@/lib/api/endpoints.gen';
import { call } from '@/lib/api/call';
import { notifyError, notifySuccess } from '@/lib/notify';

/** The look of the card's wallet buttons (Save, Send my tokens). */
export const WALLET_BUTTON = 'rounded-md bg-violet-700 px-4 py-2 text-sm font-semibold text-white hover:bg-violet-800 disabled:cursor-not-allowed disabled:opacity-50';

const dateOf = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

/**
 * A migrated user's migration_log entry (the latest, by migrated_at): snapshot balance, lock-until
 * date while in the future, transaction hash and wallet. Read again when the status or the wallet
 * changes and when a wallet save has answered (a saved wallet claims a pending snapshot).
 */
export function MigratedDetails({ status, wallet, saving, savedAt }: { status: string; wallet: string | null; saving: boolean; savedAt: number }) {
  // The saved wallet syncs before the save's claim is done: read again once the save has answered (`savedAt`).
  const { data, loading, reload } = useApiRead((signal) => call(endpoints.migration.mine, { signal }), [status, wallet, savedAt]);
  const [now] = useState(Date.now);
  const entry = data?.data;
  if (!entry) return null;
  const locked = entry.locked_until && Date.parse(entry.locked_until) > now ? entry.locked_until : null;
  const details = (
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
    </dl>
  );
  // While a save or a read is under way, the entry may be older than the wallet: say nothing yet.
  if (!entry.claim_pending || saving || loading) return details;
  return (
    <>
      {details}
      {!wallet ? <p className="mt-2 text-sm text-amber-300">{MIGRATION_MSG.claimPending}</p> : null}
      {wallet && entry.claim_unresolved ? <p className="mt-2 text-sm text-amber-300">{MIGRATION_MSG.claimUnresolved}</p> : null}
      {wallet && !entry.claim_unresolved ? <ClaimRetry onDone={reload} /> : null}
    </>
  );
}

/** A pending snapshot with a wallet saved, whose sending failed with no token moved: the user can send it again. */
function ClaimRetry({ onDone }: { onDone: () => void }) {
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    try {
      await call(endpoints.migration.claim, { body: {} });
      notifySuccess(MIGRATION_MSG.claimSent);
    } catch (err) {
      notifyError(MIGRATION_MSG.claimNotSent, err);
    } finally {
      setSending(false);
      onDone();
    }
  };
  return (
    <div className="mt-2 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-amber-300">{MIGRATION_MSG.claimNotSent}</p>
      <button
        type="button"
        onClick={() => void send()}
        disabled={sending}
        className={WALLET_BUTTON}
      >
        {sending ? 'Sending…' : MIGRATION_MSG.claimRetry}
      </button>
    </div>
  );
}
