import { Disc3 } from 'lucide-react';
import type { Reveal } from '@common/contest/voting';
import { coverVariantUrl } from '@common/contest/covers';

/**
 * On a phone (below `sm`) the cover is a square as tall as the screen leaves room for (between
 * 5rem and 20rem: the screen's height less the ~39rem of bars, header, player, guesses and
 * Submit Guess), so those stay above the radio bar without scrolling (issue 54 §2). Wider, it
 * fills its column.
 */
const SIZE = 'aspect-square w-full rounded-xl max-sm:h-[clamp(5rem,calc(100dvh_-_39rem),20rem)] max-sm:w-auto max-sm:justify-self-center';

/** The track's cover after its reveal; before, the same neutral artwork for every clip. */
export function CoverArt({ reveal }: { reveal: Reveal | null }) {
  if (reveal?.cover_art_url) {
    return <img src={coverVariantUrl(reveal.cover_art_url, 512)} alt={`Cover of ${reveal.title}`} width={512} height={512} data-testid="cover-art" className={`${SIZE} object-cover`} />;
  }
  return (
    <div
      data-testid="mystery-cover"
      aria-label="Mystery track"
      role="img"
      className={`${SIZE} grid place-items-center bg-gradient-to-br from-zinc-800 via-zinc-900 to-fuchsia-950/60`}
    >
      <div className="grid place-items-center gap-2 text-zinc-400 max-sm:gap-0">
        <Disc3 className="size-20 max-sm:size-10" aria-hidden />
        <span className="text-4xl font-black max-sm:text-2xl">?</span>
      </div>
    </div>
  );
}
