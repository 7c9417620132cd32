import { Star } from 'lucide-react';
import { useState } from 'react';
import { MARKETPLACE_FEATURE_MSG as M } from '@common/marketplace/marketplace-messages';
import { Button } from '@/components/ui/button';
import { afterWrite } from '@/data/lazy';
import { isPriceChanged } from '@/lib/api/api';
import { notifyError, notifySuccess } from '@/lib/notify';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { featureListing } from './my-tracks-api';
import { tokenCount } from '@common/format';

type Props = { listingId: string; title: string; cost: number; online: boolean; onDone: () => void; onPriceChanged: () => void };

/** A seller's basic listing: 'Feature listing' for the featured price (issue 11), confirmed first: it costs tokens. */
export function FeatureListingButton({ listingId, title, cost, online, onDone, onPriceChanged }: Props) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await featureListing(listingId, cost);
      notifySuccess(M.featured);
      void afterWrite(['marketplace_listings', 'token_balances']);
      setConfirming(false);
      onDone();
    } catch (err) {
      notifyError(M.failed, err);
      // The price changed since the page read it: show the new one (the dialog closes, to be confirmed again).
      if (isPriceChanged(err)) {
        setConfirming(false);
        onPriceChanged();
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col items-end gap-1 text-right">
      <Button look="secondary" onClick={() => setConfirming(true)} disabled={busy || !online} className="inline-flex items-center gap-1.5 px-4 py-2 text-sm font-semibold hover:bg-zinc-800 disabled:opacity-50">
        <Star className="size-4 text-amber-300" aria-hidden /> {M.feature}
      </Button>
      <span className="text-xs text-zinc-400">{tokenCount(cost)}</span>
      {confirming ? (
        <ConfirmDialog action={M.feature} description={M.confirm(title, cost)} busyLabel={M.featuring} busy={busy} onConfirm={() => void run()} onClose={() => setConfirming(false)} />
      ) : null}
    </div>
  );
}
