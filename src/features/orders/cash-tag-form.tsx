import { useState } from 'react';
import { CASH_TAG_PATTERN, ORDER_MSG } from '@common/marketplace/orders';
import { Button } from '@/components/ui/button';
import { CARD } from '@/components/ui/card';
import { Field, INPUT } from '@/components/ui/field';
import { afterWrite } from '@/data/lazy';
import { notifyError, notifySuccess } from '@/lib/notify';
import { saveCashTag } from './order-requests';

/** The seller's Cash App $cashtag, where buyers paying by Cash App send their money. */
/** The tag as typed, with Cash App's `$` added when it was left out ("nova" → "$nova"). */
const withDollar = (typed: string) => {
  const tag = typed.trim();
  return tag && !tag.startsWith('$') ? `$${tag}` : tag;
};

export function CashTagForm({ initial }: { initial: string | null }) {
  const [tag, setTag] = useState(initial ?? '');
  const [busy, setBusy] = useState(false);
  const invalid = tag !== '' && !CASH_TAG_PATTERN.test(withDollar(tag));

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const value = withDollar(tag);
    if (busy) return;
    if (!CASH_TAG_PATTERN.test(value)) return notifyError(ORDER_MSG.cashTagFailed, ORDER_MSG.cashTagInvalid);
    setTag(value);
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
    <form onSubmit={(e) => void submit(e)} className={`${CARD} space-y-3 p-4`}>
      <Field label="Your Cash App tag" hint="Buyers who pay by Cash App send the money to this tag; approve their order once it arrives." error={invalid ? ORDER_MSG.cashTagInvalid : null}>
        <input value={tag} onChange={(e) => setTag(e.target.value)} placeholder="$yourname" className={`${INPUT} font-mono`} />
      </Field>
      <Button type="submit" busy={busy} className="px-4 py-2 font-semibold">
        Save
      </Button>
    </form>
  );
}
