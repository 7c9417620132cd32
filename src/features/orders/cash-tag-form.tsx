import { useState } from 'react';
import { CASH_TAG_PATTERN, ORDER_MSG } from '@common/orders';
import { CARD } from '@/components/ui/card';
import { afterWrite } from '@/data/lazy';
import { notifyError, notifySuccess } from '@/lib/notify';
import { saveCashTag } from './order-requests';

/** The seller's Cash App $cashtag, where buyers paying by Cash App send their money. */
export function CashTagForm({ initial }: { initial: string | null }) {
  const [tag, setTag] = useState(initial ?? '');
  const [busy, setBusy] = useState(false);
  const invalid = tag !== '' && !CASH_TAG_PATTERN.test(tag.trim());

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const value = tag.trim();
    if (!CASH_TAG_PATTERN.test(value)) return notifyError(ORDER_MSG.cashTagFailed, ORDER_MSG.cashTagInvalid);
    setBusy(true);
    try {
      await saveCashTag(value);
      notifySuccess(ORDER_MSG.cashTagSaved);
      void afterWrite(['profiles']);
    } catch (err) {
      notifyError(ORDER_MSG.cashTagFailed, err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} className={`${CARD} p-4`}>
      <label htmlFor="cash-app-tag" className="font-semibold">
        Your Cash App tag
      </label>
      <p id="cash-app-tag-help" className="text-sm text-zinc-400">
        Buyers who pay by Cash App send the money to this tag; approve their order once it arrives.
      </p>
      <div className="mt-3 flex gap-2">
        <input
          id="cash-app-tag"
          value={tag}
          onChange={(e) => setTag(e.target.value)}
          placeholder="$yourname"
          aria-describedby={invalid ? 'cash-app-tag-error cash-app-tag-help' : 'cash-app-tag-help'}
          aria-invalid={invalid}
          className="min-w-0 flex-1 rounded-lg border border-zinc-700 bg-zinc-950 px-3 py-2 font-mono"
        />
        <button type="submit" disabled={busy} className="rounded-lg bg-fuchsia-700 text-white px-4 py-2 font-semibold hover:bg-fuchsia-800 disabled:opacity-50">
          Save
        </button>
      </div>
      {invalid && (
        <p id="cash-app-tag-error" className="mt-2 text-sm text-red-300">
          {ORDER_MSG.cashTagInvalid}
        </p>
      )}
    </form>
  );
}
