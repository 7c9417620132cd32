import { TOKEN_PACKS } from '@common/constants';
import { PackCard } from './pack-card';
import { TokenInfo } from './token-info';
import { useBuyPack } from './use-buy-pack';

export function PricingPage() {
  const { buy, pending } = useBuyPack();
  return (
    <section className="mx-auto max-w-6xl px-4 py-12">
      <header className="text-center">
        <h1 className="text-4xl font-black">Get Tokens</h1>
        <p className="mt-3 text-zinc-400">Tokens pay for vote sessions, contest entries, marketplace listings and radio uploads.</p>
      </header>
      <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {TOKEN_PACKS.map((pack) => (
          <PackCard key={pack.id} pack={pack} pending={pending === pack.id} onBuy={() => void buy(pack.id)} />
        ))}
      </div>
      <TokenInfo />
    </section>
  );
}
