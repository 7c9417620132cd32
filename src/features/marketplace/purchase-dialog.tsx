import { Link } from '@tanstack/react-router';
import { Banknote, Coins, Loader2, WifiOff } from 'lucide-react';
import type { MarketplaceListing } from '@common/marketplace/listing-doc';
import type { OrderMethod } from '@common/marketplace/orders';
import { ORDER_MSG } from '@common/marketplace/orders';
import { PATHS } from '@common/paths';
import { Button } from '@/components/ui/button';
import { VerifyToSpend } from '@/components/verify-to-spend';
import { Dialog, DialogCloseX, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { useBalanceDoc } from '@/hooks/use-account';
import { useOnline } from '@/hooks/use-online';
import { useSession } from '@/lib/session';
import { displayStatus, useNow, useOrders } from '@/hooks/use-orders';
import { ownedListingIds } from './owned-licences';
import { PurchaseDone } from './purchase-done';
import { usePurchase } from './use-purchase';
import { coverVariantUrl } from '@common/contest/covers';
import { formatUsd, tokenCount } from '@common/format';

const LICENCE_LABEL: Record<string, string> = { basic: 'Basic', featured: 'Featured', preview: 'Preview version', full: 'Full version' };

/** The purchase dialog: the listing, its licence and a choice of Tokens or Cash App. */
export function PurchaseDialog({ listing, onClose }: { listing: MarketplaceListing; onClose: () => void }) {
  const online = useOnline();
  const balance = useBalanceDoc()?.balance ?? 0;
  const { buy, pending, result, needsVerify } = usePurchase(listing, balance);
  const held = useHeldLicence(listing.id);

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      className="max-h-[90dvh] w-[calc(100%-2rem)] max-w-md overflow-y-auto rounded-2xl border border-zinc-800 bg-zinc-950 p-6 shadow-2xl"
    >
      <div className="flex items-start gap-4">
        {listing.cover_art_url ? (
          <img src={coverVariantUrl(listing.cover_art_url, 64)} alt="" width={64} height={64} className="size-16 rounded-lg object-cover" />
        ) : (
          <div className="size-16 rounded-lg bg-gradient-to-br from-fuchsia-900 to-violet-900" aria-hidden />
        )}
        <div className="min-w-0 flex-1">
          <DialogTitle className="truncate text-xl font-bold">{listing.title}</DialogTitle>
          <DialogDescription className="text-zinc-400">{listing.artist_name}</DialogDescription>
          <p className="mt-1 text-xs text-zinc-400">
            Licence: {LICENCE_LABEL[listing.listing_type] ?? listing.listing_type} · {LICENCE_LABEL[listing.version_type] ?? listing.version_type}
          </p>
        </div>
        <DialogCloseX />
      </div>

      {result ? (
        <PurchaseDone result={result} />
      ) : held ? (
        // Bought already, or an order under way: what the server would answer, before any click.
        <p role="status" className="mt-6 rounded-lg border border-zinc-800 bg-zinc-900/60 p-4 text-sm text-zinc-300">
          {held === 'owned' ? ORDER_MSG.alreadyOwned : ORDER_MSG.openOrderExists}.{' '}
          <Link to={PATHS.orders} className="font-semibold text-fuchsia-300 underline underline-offset-2">
            View my orders
          </Link>
        </p>
      ) : (
        <div className="mt-6 space-y-3">
          {!online && (
            <p role="alert" className="flex items-center gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-sm text-amber-200">
              <WifiOff className="size-4 shrink-0" aria-hidden /> {ORDER_MSG.offline}
            </p>
          )}
          {needsVerify && <VerifyToSpend />}
          {listing.accept_tokens && (
            <PayOption
              icon={<Coins className="size-5 text-amber-400" aria-hidden />}
              label="Pay with Tokens"
              // The real balance, admins' too: a purchase moves tokens to the seller, so everyone pays it (the bar's ∞ is the spec's admin badge).
              detail={`${tokenCount(listing.price_tokens)} · your balance: ${tokenCount(balance)}`}
              method="TOKENS"
              pending={pending}
              disabled={!online}
              onPay={buy}
            />
          )}
          {listing.accept_cash_app && (
            <PayOption
              icon={<Banknote className="size-5 text-emerald-400" aria-hidden />}
              label="Pay with Cash App"
              detail={`${formatUsd(listing.price_usd)} to the seller's Cash App`}
              method="CASH_APP"
              pending={pending}
              disabled={!online}
              onPay={buy}
            />
          )}
        </div>
      )}
    </Dialog>
  );
}

/** Whether the signed-in user holds `listingId`'s licence ('owned') or has an order for it under way ('open'), from their replicated orders. */
function useHeldLicence(listingId: string): 'owned' | 'open' | null {
  const uid = useSession((s) => s.user?.uid ?? null);
  const orders = useOrders(uid);
  const now = useNow();
  if (uid && orders && ownedListingIds(orders, uid).has(listingId)) return 'owned';
  const statuses = (orders ?? []).filter((o) => o.listing_id === listingId && o.buyer_id === uid).map((o) => displayStatus(o, now));
  return statuses.some((s) => s === 'PENDING' || s === 'AWAITING_SELLER' || s === 'UNDER_REVIEW') ? 'open' : null;
}

type PayOptionProps = {
  icon: React.ReactNode;
  label: string;
  detail: string;
  method: OrderMethod;
  pending: OrderMethod | null;
  disabled: boolean;
  onPay: (method: OrderMethod) => Promise<void>;
};

function PayOption({ icon, label, detail, method, pending, disabled, onPay }: PayOptionProps) {
  return (
    <div className="flex items-center gap-3 rounded-xl border border-zinc-800 bg-zinc-900/60 p-4">
      {icon}
      <p className="min-w-0 flex-1 text-sm text-zinc-300">{detail}</p>
      <Button
        onClick={() => void onPay(method)}
        disabled={disabled || pending !== null}
        className="inline-flex shrink-0 items-center gap-1.5 px-3 py-2 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-50"
      >
        {pending === method && <Loader2 className="size-4 animate-spin" aria-hidden />}
        {label}
      </Button>
    </div>
  );
}
