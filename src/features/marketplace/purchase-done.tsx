import { Link } from '@tanstack/react-router';
import { CheckCircle2, Clock } from 'lucide-react';
import { ORDER_MSG } from '@common/marketplace/orders';
import { PATHS } from '@common/paths';
import { CopyButton } from '@/components/ui/copy-button';
import { formatUsd } from '@common/format';
import type { PurchaseResult } from './use-purchase';

const ordersLink = 'inline-block rounded-lg bg-fuchsia-700 text-white px-4 py-2 text-sm font-semibold hover:bg-fuchsia-800';

/** After buying: the licence is in My Orders, or how to pay the Cash App order. */
export function PurchaseDone({ result }: { result: PurchaseResult }) {
  if (result.kind === 'tokens')
    return (
      <div className="mt-6 space-y-4 text-center" role="status">
        <CheckCircle2 className="mx-auto size-10 text-emerald-400" aria-hidden />
        <p className="font-semibold">{ORDER_MSG.purchaseSuccessful}</p>
        <p className="text-sm text-zinc-400">Your licence, the track download and the certificate are in My Orders.</p>
        <Link to={PATHS.orders} className={ordersLink}>
          View my orders
        </Link>
      </div>
    );
  return (
    <div className="mt-6 space-y-4" role="status">
      <p className="font-semibold">{ORDER_MSG.orderCreated}</p>
      <div className="space-y-2 rounded-xl border border-zinc-800 bg-zinc-900/60 p-4 text-sm">
        <p>
          Send <strong>{formatUsd(result.amountUsd)}</strong> with Cash App to:
        </p>
        <p className="flex items-center gap-2">
          <span className="font-mono text-lg font-bold text-emerald-300" data-testid="cash-app-tag">
            {result.tag}
          </span>
          <CopyButton text={result.tag} label="Copy Cash App tag" copiedTitle={ORDER_MSG.copied} failedTitle="Failed to copy" />
        </p>
        {result.expiresAt && (
          <p className="flex items-center gap-1.5 text-zinc-400">
            <Clock className="size-4" aria-hidden /> Pay before {new Date(result.expiresAt).toLocaleString()}
          </p>
        )}
      </div>
      <p className="text-sm text-zinc-400">Then upload your payment proof in My Orders; the seller approves the order once they see it.</p>
      <Link to={PATHS.orders} className={ordersLink}>
        View my orders
      </Link>
    </div>
  );
}
