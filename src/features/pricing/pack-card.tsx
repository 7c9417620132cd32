import { Coins, Loader2, Sparkles } from 'lucide-react';
import type { TOKEN_PACKS } from '@common/constants';
import { formatUsd } from '@common/format';
import { buttonClass } from '@/components/ui/button';

type Pack = (typeof TOKEN_PACKS)[number];

/** Price per token to 3 decimals, e.g. '$0.100 per token'. */
const perToken = (pack: Pack): string => `$${(pack.priceUsd / pack.tokens).toFixed(3)} per token`;

export function PackCard({ pack, pending, onBuy }: { pack: Pack; pending: boolean; onBuy: () => void }) {
  const popular = 'popular' in pack && pack.popular;
  return (
    <article
      data-testid={`pack-${pack.id}`}
      className={`relative flex flex-col rounded-2xl border bg-zinc-900/60 p-6 ${popular ? 'border-fuchsia-500 shadow-lg shadow-fuchsia-900/30' : 'border-zinc-800'}`}
    >
      {popular ? (
        <span className="absolute -top-3 left-1/2 inline-flex -translate-x-1/2 items-center gap-1 rounded-full bg-gradient-to-r from-fuchsia-700 to-violet-600 text-white px-3 py-1 text-xs font-bold">
          <Sparkles className="size-3" aria-hidden /> Most Popular
        </span>
      ) : null}
      <h2 id={`pack-${pack.id}-name`} className="text-xl font-bold">
        {pack.name}
      </h2>
      <p className="mt-3 flex items-center gap-2 text-3xl font-black">
        <Coins className="size-7 text-amber-300" aria-hidden /> {pack.tokens}
        <span className="text-base font-medium text-zinc-400">tokens</span>
      </p>
      <p className="mt-2 text-2xl font-bold">{formatUsd(pack.priceUsd)}</p>
      <p className="text-sm text-zinc-400">{perToken(pack)}</p>
      {'savings' in pack ? <p className="mt-2 text-sm font-semibold text-emerald-400">{pack.savings}</p> : <p className="mt-2 text-sm">&nbsp;</p>}
      <button
        type="button"
        onClick={onBuy}
        disabled={pending}
        // Four buttons read 'Buy': each is described by its pack's name.
        aria-describedby={`pack-${pack.id}-name`}
        className={buttonClass('primary', 'mt-6 inline-flex items-center justify-center gap-2 px-4 py-2.5 font-bold disabled:opacity-60')}
      >
        {pending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
        Buy
      </button>
    </article>
  );
}
