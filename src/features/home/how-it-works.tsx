import { EarOff, ShoppingBag, Trophy } from 'lucide-react';
import { RANKING_SENTENCE } from '@common/contest/leaderboard-messages';
import { Card } from '@/components/ui/card';

const STEPS = [
  { icon: EarOff, title: 'Vote Blind', text: 'Hear a 45-second clip with no title, no artist, no hints. Guess AI, Human or Hybrid.' },
  { icon: Trophy, title: 'Fool Rate Wins', text: 'Every wrong guess raises a track’s fool rate. The most deceptive tracks rank highest.' },
  { icon: ShoppingBag, title: 'Marketplace', text: 'Top tracks are featured in the marketplace, where visitors license music with tokens or cash.' },
] as const;

export function HowItWorks() {
  return (
    <Card aria-labelledby="how-it-works" className="p-6">
      <h2 id="how-it-works" className="mb-5 text-2xl font-bold">How It Works</h2>
      <div className="grid gap-4 sm:grid-cols-3">
        {STEPS.map(({ icon: Icon, title, text }) => (
          <div key={title} className="rounded-xl bg-zinc-950/60 p-5">
            <Icon className="mb-3 size-8 text-fuchsia-400" aria-hidden />
            <h3 className="text-lg font-semibold">{title}</h3>
            <p className="mt-1 text-sm text-zinc-400">{text}</p>
          </div>
        ))}
      </div>
      <p className="mt-4 text-sm text-zinc-400" data-testid="ranking-method">{RANKING_SENTENCE}</p>
    </Card>
  );
}
