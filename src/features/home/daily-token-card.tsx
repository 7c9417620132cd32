import { CheckCircle2, Gift, Loader2 } from 'lucide-react';
import { tokenUnit } from '@common/format';
import { useDailyClaim } from '@/hooks/use-daily-claim';
import { useLivePricing } from '@/hooks/use-live-pricing';
import { useSession } from '@/lib/session';

/** The once-a-day free token, for signed-in users. */
export function DailyTokenCard() {
  const signedIn = useSession((s) => s.user !== null);
  // Its own component: the prices in force are read only for a signed-in home.
  return signedIn ? <DailyTokenPanel /> : null;
}

function DailyTokenPanel() {
  const { claim, busy, alreadyClaimed } = useDailyClaim();
  const { daily_drip } = useLivePricing({ afterFirstPaint: true });
  // An admin who sets the daily token to 0 has turned it off: nothing to claim.
  if (daily_drip === 0) return null;
  return (
    <section className="flex flex-col items-center justify-between gap-4 rounded-2xl border border-amber-400/30 bg-amber-400/5 p-5 sm:flex-row">
      <div className="flex items-center gap-3">
        <Gift className="size-8 text-amber-300" aria-hidden />
        <div>
          <h2 className="font-semibold">Your daily {tokenUnit(daily_drip)}</h2>
          <p className="text-sm text-zinc-400">
            Claim {daily_drip} free {tokenUnit(daily_drip)} every day (resets at midnight UTC).
          </p>
        </div>
      </div>
      {/* aria-disabled, not disabled: the button keeps the keyboard's focus as it turns into 'Claimed today'. */}
      <button
        type="button"
        aria-disabled={busy || alreadyClaimed}
        onClick={() => {
          if (!busy && !alreadyClaimed) void claim();
        }}
        className="inline-flex items-center gap-2 rounded-md bg-amber-400 px-4 py-2 font-semibold text-zinc-950 hover:bg-amber-300 aria-disabled:cursor-not-allowed aria-disabled:bg-zinc-800 aria-disabled:hover:bg-zinc-800 aria-disabled:text-zinc-400"
      >
        {busy ? <Loader2 className="size-4 animate-spin" aria-hidden /> : alreadyClaimed ? <CheckCircle2 className="size-4" aria-hidden /> : null}
        {alreadyClaimed ? 'Claimed today' : 'Claim Daily Token'}
      </button>
    </section>
  );
}
