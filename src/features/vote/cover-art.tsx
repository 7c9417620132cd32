import { Disc3 } from 'lucide-react';
import type { Reveal } from '@common/contest/voting';
import { coverVariantUrl } from '@common/contest/covers';

/** The track's cover after its reveal; before, the same neutral artwork for every clip. */
export function CoverArt({ reveal }: { reveal: Reveal | null }) {
  if (reveal?.cover_art_url) {
    return <img src={coverVariantUrl(reveal.cover_art_url, 512)} alt={`Cover of ${reveal.title}`} width={512} height={512} data-testid="cover-art" className="aspect-square w-full rounded-xl object-cover" />;
  }
  return (
    <div
      data-testid="mystery-cover"
      aria-label="Mystery track"
      role="img"
      className="grid aspect-square w-full place-items-center rounded-xl bg-gradient-to-br from-zinc-800 via-zinc-900 to-fuchsia-950/60"
    >
      <div className="grid place-items-center gap-2 text-zinc-400">
        <Disc3 className="size-20" aria-hidden />
        <span className="text-4xl font-black">?</span>
      </div>
    </div>
  );
}
