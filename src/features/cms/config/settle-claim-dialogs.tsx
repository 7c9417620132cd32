import { formatCount } from '@common/format';
import type { UnresolvedClaim } from '@common/migration/migration';
import { useId, useState, type FormEvent } from 'react';
import type { SettleClaimInput } from '@common/migration/migration-schemas';
import { Button, buttonClass } from '@/components/ui/button';
import { Dialog, DialogClose, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field, INPUT } from '@/components/ui/field';
import { claimant, txHashProblem } from './claim-format';

type Props = {
  /** The claim being settled; null: closed. */
  claim: UnresolvedClaim | null;
  busy: boolean;
  /** Resolves true once there is nothing left to settle (settled, here or elsewhere): the dialog then closes. */
  onSettle: (id: string, input: SettleClaimInput) => Promise<boolean>;
  onClose: () => void;
};

const PANEL = 'w-[min(32rem,92vw)] rounded-2xl border border-zinc-800 bg-zinc-950 p-6 text-zinc-100 shadow-2xl';
const CANCEL = buttonClass('secondary', 'px-4 py-2 text-sm font-semibold hover:bg-zinc-800 disabled:opacity-50');
const CONFIRM = 'px-4 py-2 text-sm font-semibold disabled:opacity-50';

/** What to look for on the chain: whose tokens, how many, to which wallet. */
function ClaimFacts({ claim }: { claim: UnresolvedClaim }) {
  return (
    <dl className="mt-4 grid gap-1.5 rounded-lg border border-zinc-800 bg-zinc-900 p-3 text-sm" aria-label="The claim">
      <div className="flex justify-between gap-3">
        <dt className="text-zinc-400">User</dt>
        <dd className="min-w-0 truncate font-medium">{claimant(claim)}</dd>
      </div>
      <div className="flex justify-between gap-3">
        <dt className="text-zinc-400">Tokens</dt>
        <dd className="font-semibold tabular-nums">{formatCount(claim.snapshot_balance)}</dd>
      </div>
      <div className="flex justify-between gap-3">
        <dt className="text-zinc-400">Wallet</dt>
        <dd className="min-w-0 break-all text-right font-mono text-xs">{claim.wallet_address ?? '—'}</dd>
      </div>
    </dl>
  );
}

/** "Mark sent…": the hash of the transfer the super admin found on the chain. The field is focused first. */
export function MarkSentDialog({ claim, busy, onSettle, onClose }: Props) {
  const [hash, setHash] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();
  const close = () => {
    setHash('');
    setProblem(null);
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!claim) return;
    const wrong = txHashProblem(hash);
    setProblem(wrong);
    if (!wrong && (await onSettle(claim.id, { outcome: 'sent', tx_hash: hash.trim() }))) close();
  };
  return (
    <Dialog open={claim !== null} onOpenChange={(open) => (open || busy ? undefined : close())} className={PANEL}>
      <DialogTitle className="text-lg font-semibold">Mark the claim sent</DialogTitle>
      <DialogDescription className="mt-1 text-sm text-zinc-300">
        Records the transfer: the user&apos;s welcome page shows its hash, and these tokens are never sent again.
      </DialogDescription>
      {claim ? <ClaimFacts claim={claim} /> : null}
      <form onSubmit={(e) => void submit(e)} className="mt-4 space-y-4" noValidate>
        <div className="space-y-1.5">
          <Field label="Transaction hash" hint="Check the chain first for a transfer of these tokens to this wallet, then paste its hash.">
            <input
              className={`${INPUT} font-mono text-sm`}
              value={hash}
              onChange={(e) => setHash(e.target.value)}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? problemId : undefined}
              readOnly={busy}
            />
          </Field>
          {problem ? (
            <p id={problemId} role="alert" className="text-sm text-red-300">
              {problem}
            </p>
          ) : null}
        </div>
        <div className="flex justify-end gap-3">
          <DialogClose type="button" className={CANCEL} disabled={busy}>
            Cancel
          </DialogClose>
          <Button type="submit" disabled={busy} className={CONFIRM}>
            Mark sent
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** "Allow resend…": the chain shows no transfer, so the entry is released. Cancel has the focus first. */
export function AllowResendDialog({ claim, busy, onSettle, onClose }: Props) {
  const confirm = async () => {
    if (claim && (await onSettle(claim.id, { outcome: 'not_sent' }))) onClose();
  };
  return (
    <Dialog open={claim !== null} onOpenChange={(open) => (open || busy ? undefined : onClose())} className={PANEL}>
      <DialogTitle className="text-lg font-semibold">Allow a resend?</DialogTitle>
      <DialogDescription className="mt-1 text-sm text-amber-200">
        Only if the chain shows no transfer of these tokens to this wallet. The user can then send them again from their welcome page.
      </DialogDescription>
      {claim ? <ClaimFacts claim={claim} /> : null}
      <div className="mt-4 flex justify-end gap-3">
        <DialogClose type="button" className={CANCEL} disabled={busy}>
          Cancel
        </DialogClose>
        <Button disabled={busy} className={CONFIRM} onClick={() => void confirm()}>
          Allow resend
        </Button>
      </div>
    </Dialog>
  );
}
