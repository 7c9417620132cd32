import { Link } from '@tanstack/react-router';
import { Headphones, Upload } from 'lucide-react';
import { PATHS } from '@common/paths';
import { buttonClass } from '@/components/ui/button';

export function Hero() {
  return (
    <section className="relative overflow-hidden">
      <div aria-hidden className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top,rgba(192,38,211,0.25),transparent_60%)]" />
      <div className="relative mx-auto max-w-4xl px-4 py-20 text-center sm:py-28">
        <p className="mb-4 inline-block rounded-full border border-fuchsia-500/40 bg-fuchsia-500/10 px-3 py-1 text-xs font-semibold uppercase tracking-widest text-fuchsia-300">
          Human · AI · Hybrid
        </p>
        <h1 className="text-4xl font-black tracking-tight sm:text-6xl">
          Can you tell who made the music?
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-zinc-300">
          Listen to 45-second clips blind and guess whether a human, an AI or both made them. The tracks that fool the most
          listeners climb the Deception Leaderboard.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to={PATHS.vote} className={buttonClass('primary', 'inline-flex items-center justify-center gap-2 px-6 py-3 text-lg font-bold hover:from-fuchsia-500 hover:to-violet-500')}>
            <Headphones className="size-5" aria-hidden /> Start Voting Now
          </Link>
          <Link to={PATHS.submit} className={buttonClass('secondary', 'inline-flex items-center justify-center gap-2 px-6 py-3 text-lg font-semibold hover:bg-zinc-900')}>
            <Upload className="size-5" aria-hidden /> Submit Your Track
          </Link>
        </div>
      </div>
    </section>
  );
}
