import { Shuffle } from 'lucide-react';
import { coverName } from '../format';
import { usePlaceholderCovers } from './use-placeholder-covers';

/**
 * A radio group: 'Random cover' (null, or 'No cover' where `noneLabel` says so) or one of the 26
 * placeholder thumbnails (their stored copies once uploaded). Collapsed by default so a long list stays light.
 */
export function CoverPicker({
  name,
  value,
  onChange,
  noneLabel = 'Random cover',
}: {
  name: string;
  value: string | null;
  onChange: (cover: string | null) => void;
  noneLabel?: string;
}) {
  const covers = usePlaceholderCovers();
  const tile = (checked: boolean) =>
    `grid cursor-pointer place-items-center overflow-hidden rounded-md ring-2 ${checked ? 'ring-fuchsia-500' : 'ring-transparent hover:ring-zinc-600'}`;
  return (
    <details className="rounded-xl bg-zinc-950/60 p-3">
      <summary className="flex cursor-pointer items-center gap-2 text-sm text-zinc-300">
        Cover:
        {value ? <img src={value} alt="" width={32} height={32} className="size-8 rounded object-cover" /> : null}
        <span className="font-medium text-zinc-100">{value ? coverName(value) : noneLabel}</span>
      </summary>
      <fieldset className="mt-3">
        <legend className="sr-only">Cover</legend>
        <div className="grid grid-cols-6 gap-2 sm:grid-cols-9">
          <label className={`${tile(value === null)} aspect-square bg-zinc-800 text-center text-[10px] leading-tight text-zinc-300`}>
            <input type="radio" name={name} className="sr-only" checked={value === null} onChange={() => onChange(null)} />
            <Shuffle className="size-4" aria-hidden />
            {noneLabel}
          </label>
          {covers.map((url) => (
            <label key={url} className={tile(value === url)}>
              <input type="radio" name={name} className="sr-only" checked={value === url} onChange={() => onChange(url)} aria-label={coverName(url)} />
              <img src={url} alt="" width={512} height={512} loading="lazy" className="aspect-square w-full object-cover" />
            </label>
          ))}
        </div>
      </fieldset>
    </details>
  );
}
