import { useEffect, useId, useState } from 'react';
import { GENRES } from '@common/constants';
import { SONG_TYPE_LABELS, SONG_TYPES } from '@common/contest/contest';
import { LISTING_SORT_LABELS, LISTING_SORTS, PRICE_MAX, SEARCH_MAX_LENGTH, type ListingFilters } from '@common/marketplace/search';
import { Button } from '@/components/ui/button';
import { Field, INPUT, Select } from '@/components/ui/field';
import { hasFilters, priceRangeInverted } from './filters';

/** How long typing rests before the search (and the URL) follows it. */
export const TYPING_DEBOUNCE_MS = 300;

export const PAYMENT_LABELS = { tokens: 'Tokens', cash_app: 'Cash App' } as const;
export const INVERTED_PRICE_RANGE = 'The lowest price is above the highest: the price range is not applied.';
export const SONG_TYPE_HINT = 'Only listings that show their type (tracks out of the contest).';

const GENRE_OPTIONS = GENRES.map((g) => [g, g] as const);
const TYPE_OPTIONS = SONG_TYPES.map((t) => [t, SONG_TYPE_LABELS[t]] as const);
const PAYMENT_OPTIONS = Object.entries(PAYMENT_LABELS) as Array<[keyof typeof PAYMENT_LABELS, string]>;
const SORT_OPTIONS = LISTING_SORTS.map((s) => [s, LISTING_SORT_LABELS[s]] as const);

type Props = {
  filters: ListingFilters;
  /** A change of the filters; `typed`: from typing (the URL entry is replaced, not added). */
  onChange: (next: ListingFilters, typed: boolean) => void;
};

type Draft = { q: string; min: string; max: string };
const draftOf = (f: ListingFilters): Draft => ({ q: f.q ?? '', min: f.min === undefined ? '' : String(f.min), max: f.max === undefined ? '' : String(f.max) });
const priceOf = (s: string): number | undefined => {
  const n = Number(s);
  return s.trim() === '' || !Number.isInteger(n) || n < 0 || n > PRICE_MAX ? undefined : n;
};
const sameDraft = (d: Draft, f: ListingFilters) => (d.q.trim() || undefined) === f.q && priceOf(d.min) === f.min && priceOf(d.max) === f.max;

/** The search box, the filters and the sort of /marketplace; what is typed reaches the URL once typing rests. */
export function ListingFiltersBar({ filters, onChange }: Props) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(filters));
  // The URL changed from elsewhere (Clear filters, Back): the boxes follow it (not when it is
  // what they hold: the trimmed search of a box still being typed in).
  const [shown, setShown] = useState(filters);
  if (shown !== filters) {
    setShown(filters);
    if (!sameDraft(draft, filters)) setDraft(draftOf(filters));
  }

  useEffect(() => {
    if (sameDraft(draft, filters)) return;
    const t = setTimeout(() => onChange({ ...filters, ...draftFilters(draft) }, true), TYPING_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [draft, filters, onChange]);

  const pick = <K extends keyof ListingFilters>(key: K, value: string) => onChange({ ...filters, ...draftFilters(draft), [key]: value === '' ? undefined : value }, false);
  const inverted = priceRangeInverted({ min: priceOf(draft.min), max: priceOf(draft.max) });
  const rangeId = useId();
  const range = inverted ? rangeId : undefined;

  return (
    <form role="search" aria-label="Find a track" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" onSubmit={(e) => e.preventDefault()}>
      <Field label="Search title or artist" className="sm:col-span-2">
        <input type="search" className={INPUT} value={draft.q} maxLength={SEARCH_MAX_LENGTH} onChange={(e) => setDraft({ ...draft, q: e.target.value })} autoComplete="off" />
      </Field>
      <Field label="Genre">
        <Select value={filters.genre ?? ''} empty="All genres" options={GENRE_OPTIONS} onChange={(v) => pick('genre', v)} />
      </Field>
      <Field label="Song type" hint={SONG_TYPE_HINT}>
        <Select value={filters.type ?? ''} empty="Any type" options={TYPE_OPTIONS} onChange={(v) => pick('type', v)} />
      </Field>
      <Field label="Payment">
        <Select value={filters.pay ?? ''} empty="Any payment" options={PAYMENT_OPTIONS} onChange={(v) => pick('pay', v)} />
      </Field>
      <Field label="Lowest price (tokens)" describedBy={range}>
        <input aria-invalid={inverted || undefined} type="number" inputMode="numeric" min={0} max={PRICE_MAX} step={1} className={INPUT} value={draft.min} onChange={(e) => setDraft({ ...draft, min: e.target.value })} />
      </Field>
      <Field label="Highest price (tokens)" describedBy={range}>
        <input aria-invalid={inverted || undefined} type="number" inputMode="numeric" min={0} max={PRICE_MAX} step={1} className={INPUT} value={draft.max} onChange={(e) => setDraft({ ...draft, max: e.target.value })} />
      </Field>
      <Field label="Sort">
        <Select value={filters.sort ?? 'newest'} options={SORT_OPTIONS} onChange={(v) => pick('sort', v === 'newest' ? '' : v)} />
      </Field>
      {inverted && (
        <p id={rangeId} className="text-sm text-red-300 sm:col-span-2 lg:col-span-4">
          {INVERTED_PRICE_RANGE}
        </p>
      )}
      {hasFilters(filters) && (
        <div className="flex items-end sm:col-span-2 lg:col-span-4">
          <Button type="button" look="secondary" className="px-4 py-2 font-semibold" onClick={() => onChange({}, false)}>
            Clear filters
          </Button>
        </div>
      )}
    </form>
  );
}

const draftFilters = (d: Draft): Partial<ListingFilters> => ({ q: d.q.trim() || undefined, min: priceOf(d.min), max: priceOf(d.max) });
