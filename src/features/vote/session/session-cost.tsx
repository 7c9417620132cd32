import { Coins } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { VOTE_SESSION_MSG as M } from '@common/contest/vote-session-messages';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { SessionCost } from './session-errors';

type Props = { price: SessionCost; starting: boolean; onStart: (cost: number) => void };

/**
 * A new session costs tokens: its price and the balance, and a confirm (asked at once) before
 * anything is charged. Cancelling leaves the card, whose button asks again; the dialog gives the
 * focus back to that button.
 */
export function SessionCostCard({ price, starting, onStart }: Props) {
  const [asking, setAsking] = useState(false);
  const startButton = useRef<HTMLButtonElement>(null);
  // The button has the focus when the dialog opens, so the dialog gives it back there. (A new
  // price is a new card: vote-page.tsx keys it by the price.)
  useEffect(() => {
    startButton.current?.focus();
    setAsking(true);
  }, []);
  const description = price.changed ? `${price.message} ${M.confirm(price.cost, price.balance)}` : M.confirm(price.cost, price.balance);
  return (
    <Card className="p-10 text-center" data-testid="session-cost">
      <h2 className="text-2xl font-black">{M.title}</h2>
      <div className="mt-3 space-y-6 text-zinc-400">
        <p>
          {M.cost(price.cost)} {M.balance(price.balance)}
        </p>
        <button
          ref={startButton}
          type="button"
          className={buttonClass('primary', 'inline-flex items-center gap-2 px-6 py-3 font-bold hover:brightness-110')}
          onClick={() => setAsking(true)}
        >
          <Coins className="size-4" aria-hidden /> {M.start}
        </button>
      </div>
      {asking ? (
        <ConfirmDialog
          action={M.start}
          description={description}
          busyLabel={M.starting}
          busy={starting}
          onConfirm={() => onStart(price.cost)}
          onClose={() => setAsking(false)}
        />
      ) : null}
    </Card>
  );
}
