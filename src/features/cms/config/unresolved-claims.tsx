import { formatCount } from '@common/format';
import { ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import type { UnresolvedClaim, UnresolvedClaims as Listing } from '@common/migration/migration';
import { MIGRATION_MSG } from '@common/migration/migration-messages';
import { Button } from '@/components/ui/button';
import { ACTIONS_COLUMN, DataTable, TD } from '@/components/ui/table';
import { useApiRead, type ApiRead } from '@/hooks/use-api-read';
import * as endpoints from '@/lib/api/endpoints.gen';
import { call } from '@/lib/api/call';
import { claimant } from './claim-format';
import { dateLabel } from '../format';
import { AllowResendDialog, MarkSentDialog } from './settle-claim-dialogs';
import { useSettleClaim } from './settle-claim';

const td = `${TD} align-top`;
const ACTION = 'whitespace-nowrap rounded-md border px-2.5 py-1.5 text-xs font-semibold disabled:opacity-50';

type Settling = { claim: UnresolvedClaim; outcome: 'sent' | 'not_sent' };

/** A row's two ways to settle its claim, each opening its dialog. */
const SETTLE_BUTTONS: ReadonlyArray<{ outcome: Settling['outcome']; label: string; look: string }> = [
  { outcome: 'sent', label: 'Mark sent…', look: 'border-violet-500/60 text-violet-100 hover:bg-violet-500/10' },
  { outcome: 'not_sent', label: 'Allow resend…', look: 'border-amber-500/60 text-amber-100 hover:bg-amber-500/10' },
];

function ClaimRow({ c, busy, onSettle }: { c: UnresolvedClaim; busy: boolean; onSettle: (s: Settling) => void }) {
  const who = claimant(c);
  return (
    <tr data-testid="claim-row">
      <td className={td}>
        <span className="block max-w-48">
          <span className="block truncate font-medium">{who}</span>
          {c.username && c.email ? <span className="block truncate text-xs text-zinc-400">{c.email}</span> : null}
        </span>
      </td>
      <td className={`${td} tabular-nums`}>{formatCount(c.snapshot_balance)}</td>
      <td className={`${td} max-w-56 break-all font-mono text-xs`}>{c.wallet_address ?? '—'}</td>
      <td className={`${td} whitespace-nowrap text-zinc-300`}>{dateLabel(c.attempted_at)}</td>
      <td className={`${td} max-w-64 break-words`}>
        {c.transfer_error ? <span className="text-amber-200">{c.transfer_error}</span> : <span className="text-zinc-400">No outcome recorded</span>}
      </td>
      <td className={td}>
        {/* The visible label starts each button's name; the user tells the rows apart. */}
        <div className="flex flex-wrap gap-1.5">
          {SETTLE_BUTTONS.map(({ outcome, label, look }) => (
            <button key={outcome} type="button" disabled={busy} onClick={() => onSettle({ claim: c, outcome })} className={`${ACTION} ${look}`}>
              {label}
              <span className="sr-only"> (claim of {who})</span>
            </button>
          ))}
        </div>
      </td>
    </tr>
  );
}

/** The loading or failure text, the empty text, or the table (and whether older claims are left out). */
function ClaimList({ read, busy, onSettle }: { read: ApiRead<Listing>; busy: boolean; onSettle: (s: Settling) => void }) {
  if (!read.data) {
    return read.error ? (
      <p role="alert" className="text-sm text-red-300">
        {MIGRATION_MSG.claimsLoadFailed}
      </p>
    ) : (
      <p className="text-sm text-zinc-400">Loading…</p>
    );
  }
  if (read.data.items.length === 0) return <p className="text-sm text-zinc-400">{MIGRATION_MSG.noUnresolvedClaims}</p>;
  return (
    <>
      <DataTable minWidth="min-w-[56rem]" columns={['User', 'Tokens', 'Wallet', 'Attempted', 'Error', ACTIONS_COLUMN]}>
        {read.data.items.map((c) => (
          <ClaimRow key={c.id} c={c} busy={busy} onSettle={onSettle} />
        ))}
      </DataTable>
      {read.data.truncated ? <p className="text-sm text-zinc-400">{MIGRATION_MSG.claimsTruncated}</p> : null}
    </>
  );
}

/**
 * The migration claims whose transfer may have gone through (never resent by themselves), for a
 * super admin to look up on the chain and settle: mark sent with the hash found, or allow a resend.
 * Read again whenever `readAgain` changes (a run that ended may have left one).
 */
export function UnresolvedClaims({ readAgain }: { readAgain: number }) {
  const read = useApiRead((signal) => call(endpoints.migration.claims, { signal }), [readAgain]);
  const [settling, setSettling] = useState<Settling | null>(null);
  const { busy, settle } = useSettleClaim(read.reload);
  const close = () => setSettling(null);
  return (
    <section aria-labelledby="unresolved-claims-title" className="space-y-3 border-t border-zinc-800 pt-4">
      <div className="flex items-center justify-between gap-3">
        <h3 id="unresolved-claims-title" tabIndex={-1} className="flex items-center gap-2 text-lg font-semibold">
          <ShieldAlert className="size-4 text-amber-300" aria-hidden /> Unresolved claims
        </h3>
        <Button look="secondary" aria-label="Refresh unresolved claims" onClick={read.reload} className="px-3 py-1.5 text-sm hover:bg-zinc-800">
          Refresh
        </Button>
      </div>
      <p className="text-sm text-zinc-400">
        Transfers that may have gone through: the answer was lost, the confirmation timed out, or the attempt crashed. They are never sent again by themselves:
        look each one up on the chain, then record what you found.
      </p>
      <ClaimList read={read} busy={busy} onSettle={setSettling} />
      <MarkSentDialog claim={settling?.outcome === 'sent' ? settling.claim : null} busy={busy} onSettle={settle} onClose={close} />
      <AllowResendDialog claim={settling?.outcome === 'not_sent' ? settling.claim : null} busy={busy} onSettle={settle} onClose={close} />
    </section>
  );
}
