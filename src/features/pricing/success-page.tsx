import { Link } from '@tanstack/react-router';
import { CheckCircle2, Coins, Loader2 } from 'lucide-react';
import { PATHS } from '@common/paths';
import { PRICING_MSG } from '@common/pricing-messages';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useBalanceDoc } from '@/hooks/use-account';
import { useApiRead } from '@/hooks/use-api-read';
import { api } from '@/lib/api';
import { tokenCount } from '@common/format';

type Status = { status: 'open' | 'completed'; tokens: number };
const POLL_MS = 1000;
const ignore = () => {};

/** Polls the checkout until the webhook has credited it (or the session turns out unknown). */
function useCheckoutStatus(sessionId: string | undefined): Status | 'unknown' | null {
  const { data, error } = useApiRead(
    sessionId ? (signal) => api<Status>(`/payments/session/${encodeURIComponent(sessionId)}`, { signal }) : null,
    [sessionId],
    { everyMs: POLL_MS, until: (s, err) => err !== null || s?.status === 'completed', onError: ignore },
  );
  return error ? 'unknown' : data;
}

export function PaymentSuccessPage({ sessionId }: { sessionId?: string }) {
  const status = useCheckoutStatus(sessionId);
  const balance = useBalanceDoc();
  const credited = status !== null && status !== 'unknown' && status.status === 'completed';
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <Card as="div" className="p-6">
        <CheckCircle2 className="mx-auto size-14 text-emerald-400" aria-hidden />
        <h1 className="mt-4 text-3xl font-black">{PRICING_MSG.paymentSuccessful}</h1>
        <p className="mt-3 text-zinc-400" aria-live="polite">
          {credited ? `${tokenCount(status.tokens)} ${status.tokens === 1 ? 'was' : 'were'} added to your balance.` : null}
          {status === 'unknown' ? 'We could not find this checkout. Your balance updates as soon as the payment is confirmed.' : null}
          {!credited && status !== 'unknown' ? (
            <span className="inline-flex items-center gap-2">
              <Loader2 className="size-4 animate-spin" aria-hidden /> Adding your tokens…
            </span>
          ) : null}
        </p>
        <p className="mt-6 inline-flex items-center gap-2 rounded-full border border-amber-400/30 bg-amber-400/10 px-4 py-2 font-bold text-amber-100">
          <Coins className="size-5 text-amber-300" aria-hidden />
          <span data-testid="success-balance">{balance?.balance ?? '…'} tokens</span>
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to={PATHS.vote} className={buttonClass('primary', 'px-5 py-2.5 font-bold')}>
            Start Voting
          </Link>
          <Link to={PATHS.pricing} className={buttonClass('secondary', 'px-5 py-2.5 font-semibold text-zinc-200')}>
            Back to Pricing
          </Link>
        </div>
      </Card>
    </section>
  );
}
