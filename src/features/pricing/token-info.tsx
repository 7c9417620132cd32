import { Gift, Info } from 'lucide-react';
import { FREE_VOTING_DAYS } from '@common/constants';
import { submissionCost } from '@common/contest/contest';
import { Card } from '@/components/ui/card';
import { useLivePricing, type LivePricing } from '@/hooks/use-live-pricing';
import { tokenCount } from '@common/format';

const ways = (P: LivePricing): Array<[string, string]> => [
  ['Sign-up bonus', `${P.signup_grant} tokens`],
  ['Daily token', `${tokenCount(P.daily_drip)} per day, claimed on the home page`],
  ['Refer a friend', `${P.referral_reward} tokens per friend`],
  ['Vote session', `${P.vote_session_cost} tokens (your first session and your first free week are free)`],
  ['Contest entry', `${P.contest_entry_cost} tokens`],
  ['Marketplace listing', `${P.marketplace.basic} tokens`],
  ['Contest + marketplace', `${submissionCost(['contest', 'marketplace'], P, false)} tokens`],
  ['Featured marketplace listing', `${P.marketplace.featured} tokens`],
  ['Radio upload', `${P.radio_upload_cost} tokens`],
];

/** The 'How Tokens Work' and 'New User Bonus' panels, with the prices in force. */
export function TokenInfo() {
  const P = useLivePricing();
  return (
    <div className="mt-12 grid gap-6 md:grid-cols-2">
      <Card className="p-6">
        <h2 className="flex items-center gap-2 text-xl font-bold">
          <Info className="size-5 text-violet-400" aria-hidden /> How Tokens Work
        </h2>
        <dl className="mt-4 divide-y divide-zinc-800 text-sm">
          {ways(P).map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4 py-2">
              <dt className="text-zinc-300">{label}</dt>
              <dd className="text-right text-zinc-400">{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <section className="rounded-2xl border border-amber-400/30 bg-amber-400/10 p-6">
        <h2 className="flex items-center gap-2 text-xl font-bold text-amber-100">
          <Gift className="size-5 text-amber-300" aria-hidden /> New User Bonus
        </h2>
        <p className="mt-4 text-amber-100">
          Sign up and get {P.signup_grant} free tokens, plus {FREE_VOTING_DAYS} days of free voting.
        </p>
        <p className="mt-2 text-sm text-amber-200">Claim {P.daily_drip} more {P.daily_drip === 1 ? 'token' : 'tokens'} every day and earn {tokenCount(P.referral_reward)} for every friend you refer.</p>
      </section>
    </div>
  );
}
