import { useState, type FormEvent } from 'react';
import { ADJUST_NOTE_MAX, ADMIN_TOKEN_ADJUST_MAX, ADMIN_TOKEN_QUICK_AMOUNTS } from '@common/constants';
import { USERS_MSG, type CmsUser } from '@common/accounts/users-messages';
import { Button } from '@/components/ui/button';
import { Field, INPUT } from '@/components/ui/field';
import { afterWrite } from '@/data/lazy';
import { useSession } from '@/lib/session';
import { notifyError, notifySuccess } from '@/lib/notify';
import { adjustTokens } from './users-api';

const quickLabel = (delta: number) => `${delta > 0 ? 'Add' : 'Deduct'} ${Math.abs(delta)} tokens`;

/** Super admins add or deduct tokens with a reason: the quick amounts or a custom one. The server refuses a negative result. */
export function TokenAdjustForm({ user, onBalance }: { user: CmsUser; onBalance: (balance: number) => void }) {
  const me = useSession((s) => s.user?.uid ?? null);
  const [note, setNote] = useState('');
  const [custom, setCustom] = useState('');
  const [busy, setBusy] = useState(false);
  /** Why the custom amount was refused (here or by the server): shown under it, which is marked invalid. */
  const [amountError, setAmountError] = useState<string | null>(null);
  const noReason = note.trim() === '';

  const adjust = async (delta: number, amountField?: HTMLInputElement | null) => {
    setBusy(true);
    try {
      const res = await adjustTokens({ user_id: user.id, delta, note: note.trim() });
      onBalance(res.balance);
      notifySuccess(USERS_MSG.adjusted(delta, res.balance));
      setCustom('');
      setAmountError(null);
      if (user.id === me) void afterWrite(['token_balances']);
    } catch (err) {
      if (amountField) {
        setAmountError(err instanceof Error ? err.message : USERS_MSG.adjustFailed);
        amountField.focus();
      }
      notifyError(USERS_MSG.adjustFailed, err);
    } finally {
      setBusy(false);
    }
  };

  const submitCustom = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const field = (e.currentTarget as HTMLFormElement).querySelector('input');
    const delta = Number(custom);
    if (!Number.isInteger(delta) || delta === 0 || Math.abs(delta) > ADMIN_TOKEN_ADJUST_MAX) {
      setAmountError(USERS_MSG.adjustAmount);
      field?.focus();
      notifyError(USERS_MSG.adjustFailed, USERS_MSG.adjustAmount);
      return;
    }
    void adjust(delta, field);
  };

  return (
    <section aria-labelledby="token-adjust" className="space-y-3">
      <h3 id="token-adjust" className="font-semibold">
        Adjust tokens
      </h3>
      <Field label="Reason" hint={noReason ? USERS_MSG.reasonRequired : 'Kept on the ledger entry and in the audit log'}>
        <input value={note} onChange={(e) => setNote(e.target.value)} maxLength={ADJUST_NOTE_MAX} className={INPUT} placeholder="e.g. Contest prize" />
      </Field>
      <div className="flex flex-wrap gap-2" role="group" aria-label="Quick amounts">
        {ADMIN_TOKEN_QUICK_AMOUNTS.map((delta) => (
          <Button
            key={delta}
            look={delta > 0 ? 'primary' : 'secondary'}
            disabled={busy || noReason}
            aria-label={quickLabel(delta)}
            onClick={() => void adjust(delta)}
            className="px-3 py-1.5 text-sm font-semibold tabular-nums hover:opacity-90 disabled:opacity-50"
          >
            {delta > 0 ? `+${delta}` : `−${-delta}`}
          </Button>
        ))}
      </div>
      <form onSubmit={submitCustom} className="flex items-end gap-2">
        <Field label="Custom amount" hint="Negative to deduct" className="flex-1" error={amountError}>
          <input
            type="number"
            step={1}
            value={custom}
            onChange={(e) => {
              setAmountError(null);
              setCustom(e.target.value);
            }}
            className={INPUT}
          />
        </Field>
        <Button type="submit" disabled={noReason || custom.trim() === ''} busy={busy} className="mb-5 px-4 py-2.5 font-semibold disabled:opacity-50">
          Apply
        </Button>
      </form>
    </section>
  );
}
