import { Link } from '@tanstack/react-router';
import { CheckCircle2, Coins, CreditCard, Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { PATHS } from '@common/paths';
import { PRICING_MSG } from '@common/marketplace/pricing-messages';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useBalanceDoc } from '@/hooks/use-account';
import { ignoreFailure } from '@/hooks/api-read';
import { useApiRead } from '@/hooks/use-api-read';
import { useOnline } from '@/hooks/use-online';
import { ApiError } from '@/lib/api/api';
import * as endpoints from '@/lib/api/endpoints.gen';
import { call } from '@/lib/api/call';
import { tokenCount } from '@common/format';

type Status = { status: 'open' | 'completed'; tokens: number };
const POLL_MS = 1000;

/** A refusal from the server (the session unknown or not the caller's), as opposed to no answer at all (offline). */
const refused = (err: unknown): boolean => err instanceof ApiError && err.status >= 400;

/**
 * Polls the checkout until the webhook has credited it, or the server says it does not know it;
 * through a lost connection it keeps asking. While `polling` is false it waits.
 */
function useCheckoutStatus(sessionId: string, polling: boolean): Status | 'unknown' | null {
  const { data, error } = useApiRead(
    polling ? (signal) => call(endpoints.payments.session, { params: { id: sessionId }, signal }) : null,
    [sessionId],
    { everyMs: POLL_MS, until: (s, err) => refused(err) || s?.status === 'completed', onError: ignoreFailure },
  );
  return refused(error) ? 'unknown' : data;
}

/**
 * Stripe returns here once a card payment went through, and its webhook credits the tokens
 * within seconds. A checkout still unpaid after this long was most likely left unpaid (this page
 * opened by hand): the page says so and stops asking, with a way to ask again.
 */
const CONFIRM_WAIT_MS = 60_000;

/** True once `ms` have passed since the page opened, or since the last `restart`. */
function useWaited(ms: number): { waited: boolean; restart: () => void } {
  const [round, setRound] = useState(0);
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    setWaited(false);
    const t = setTimeout(() => setWaited(true), ms);
    return () => clearTimeout(t);
  }, [ms, round]);
  return { waited, restart: () => setRound((n) => n + 1) };
}

/** /pricing/success reached without a checkout (typed in, an old bookmark): nothing was bought here. */
function NoCheckout() {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <Card as="div" className="p-6">
        <h1 className="text-3xl font-black">No purchase to confirm</h1>
        <p className="mt-3 text-zinc-400">This page confirms a token pack bought on the pricing page. There is none in its address.</p>
        <Link to={PATHS.pricing} className={buttonClass('primary', 'mt-8 inline-flex px-5 py-2.5 font-bold')}>
          Back to Pricing
        </Link>
      </Card>
    </section>
  );
}

export function PaymentSuccessPage({ sessionId }: { sessionId?: string }) {
  if (!sessionId) return <NoCheckout />;
  return <CheckoutConfirmation sessionId={sessionId} />;
}

function CheckoutConfirmation({ sessionId }: { sessionId: string }) {
  // Asking stops once the wait is over; Check again asks (and waits) once more.
  const wait = useWaited(CONFIRM_WAIT_MS);
  const status = useCheckoutStatus(sessionId, !wait.waited);
  const balance = useBalanceDoc();
  const online = useOnline();
  const credited = status !== null && status !== 'unknown' && status.status === 'completed';
  const settled = credited || status === 'unknown';
  const unconfirmed = wait.waited && !settled;
  const waiting = !settled && !unconfirmed;
  // Only a credited checkout is called a success: this page can be opened with any session's id.
  const heading = credited ? PRICING_MSG.paymentSuccessful : status === 'unknown' ? PRICING_MSG.checkoutNotFound : unconfirmed ? PRICING_MSG.paymentUnconfirmed : PRICING_MSG.confirmingPayment;
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <Card as="div" className="p-6">
        {credited ? (
          <CheckCircle2 className="mx-auto size-14 text-emerald-400" aria-hidden />
        ) : (
          <CreditCard className="mx-auto size-14 text-zinc-400" aria-hidden />
        )}
        <h1 className="mt-4 text-3xl font-black">{heading}</h1>
        <p className="mt-3 text-zinc-400" aria-live="polite">
          {credited ? `${tokenCount(status.tokens)} ${status.tokens === 1 ? 'was' : 'were'} added to your balance.` : null}
          {status === 'unknown' ? 'We could not find this checkout. Your balance updates as soon as the payment is confirmed.' : null}
          {unconfirmed ? PRICING_MSG.paymentUnconfirmedBody : null}
          {waiting && !online ? 'You are offline. Your tokens show here once you are back online.' : null}
          {waiting && online ? (
            <span className="inline-flex items-center gap-2">
              <Loader2 className="size-4 animate-spin" aria-hidden /> Adding your tokens…
            </span>
          ) : null}
        </p>
        {unconfirmed ? (
          <button type="button" onClick={wait.restart} className={buttonClass('secondary', 'mt-4 px-4 py-2 text-sm font-semibold')}>
            Check again
          </button>
        ) : null}
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
