import { Info, WifiOff } from 'lucide-react';
import { TOKEN_PACKS } from '@common/constants';
import { ORDER_MSG } from '@common/marketplace/orders';
import { PRICING_MSG } from '@common/marketplace/pricing-messages';
import { useOnline } from '@/hooks/use-online';
import { PackCard } from './pack-card';
import { TokenInfo } from './token-info';
import { useBuyPack } from './use-buy-pack';

/** /pricing; `cancelled`: back from a checkout left with Cancel, which it says (nothing was charged). */
export function PricingPage({ cancelled = false }: { cancelled?: boolean }) {
  const { buy, pending } = useBuyPack();
  const online = useOnline();
  return (
    <section className="mx-auto max-w-6xl px-4 py-12">
      <header className="text-center">
        <h1 className="text-4xl font-black">Get Tokens</h1>
        <p className="mt-3 text-zinc-400">Tokens pay for vote sessions, contest entries, marketplace listings and radio uploads.</p>
      </header>
      {cancelled ? (
        <p role="status" className="mx-auto mt-8 flex max-w-xl items-center justify-center gap-2 rounded-lg border border-zinc-700 bg-zinc-900 p-3 text-sm text-zinc-200">
          <Info className="size-4 shrink-0" aria-hidden /> {PRICING_MSG.checkoutCancelled}
        </p>
      ) : null}
      {online ? null : (
        <p role="status" className="mx-auto mt-8 flex max-w-xl items-center justify-center gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-sm text-amber-200">
          <WifiOff className="size-4 shrink-0" aria-hidden /> {ORDER_MSG.offline}
        </p>
      )}
      <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {TOKEN_PACKS.map((pack) => (
          <PackCard key={pack.id} pack={pack} pending={pending === pack.id} onBuy={() => void buy(pack.id)} />
        ))}
      </div>
      <TokenInfo />
    </section>
  );
}
