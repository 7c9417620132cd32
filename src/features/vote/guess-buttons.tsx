import { clsx } from 'clsx';
import { Bot, Sparkles, User } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { SONG_TYPE_LABELS, type SongType } from '@common/contest/contest';

const CHOICES: { type: SongType; icon: typeof Bot }[] = [
  { type: 'ai', icon: Bot },
  { type: 'human', icon: User },
  { type: 'hybrid', icon: Sparkles },
];

/** Left and right arrows move the focus between the choices (Tab reaches each one too). */
function onArrowKeys(e: KeyboardEvent<HTMLDivElement>) {
  const step = { ArrowLeft: -1, ArrowRight: 1 }[e.key];
  const buttons = [...e.currentTarget.querySelectorAll('button')];
  const i = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (step === undefined || i < 0) return;
  e.preventDefault();
  buttons[(i + step + buttons.length) % buttons.length]?.focus();
}

/** AI / Human / Hybrid: one choice, locked once the guess is submitted. */
export function GuessButtons({ value, onChange, locked }: { value: SongType | null; onChange: (t: SongType) => void; locked: boolean }) {
  return (
    <div role="group" aria-label="Your guess" className="grid grid-cols-3 gap-3" onKeyDown={onArrowKeys}>
      {CHOICES.map(({ type, icon: Icon }) => (
        <button
          key={type}
          type="button"
          aria-pressed={value === type}
          disabled={locked}
          onClick={() => onChange(type)}
          className={clsx(
            'flex flex-col items-center gap-1 rounded-xl border px-3 py-3 font-semibold transition max-sm:py-2',
            value === type ? 'border-fuchsia-400 bg-fuchsia-500/20 text-fuchsia-100' : 'border-zinc-700 bg-zinc-950/60 hover:border-zinc-500',
            locked && value !== type && 'opacity-50',
            locked && 'cursor-default',
          )}
        >
          <Icon className="size-5" aria-hidden />
          {SONG_TYPE_LABELS[type]}
        </button>
      ))}
    </div>
  );
}
