import * as Tooltip from '@radix-ui/react-tooltip';
import { SONG_TYPE_LABELS, type SongType } from '@common/contest/contest';
import { badgeClass } from '@/components/ui/badge';
import { SONG_TYPE_HINTS } from './vote-texts';

const TONE: Record<SongType, string> = {
  human: 'border-emerald-400/40 bg-emerald-400/10 text-emerald-200',
  ai: 'border-sky-400/40 bg-sky-400/10 text-sky-200',
  hybrid: 'border-amber-400/40 bg-amber-400/10 text-amber-200',
};

/** Human / AI / Hybrid, with a tooltip saying what the type means. */
export function SongTypeBadge({ type }: { type: SongType }) {
  return (
    <Tooltip.Provider delayDuration={150}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>
          <button type="button" data-testid="song-type-badge" className={badgeClass('md', `border tracking-wide ${TONE[type]}`)}>
            {SONG_TYPE_LABELS[type]}
          </button>
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content side="top" sideOffset={6} className="z-50 max-w-xs rounded-lg border border-zinc-700 bg-zinc-900 px-3 py-2 text-sm text-zinc-200 shadow-lg">
            {SONG_TYPE_HINTS[type]}
            <Tooltip.Arrow className="fill-zinc-700" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
