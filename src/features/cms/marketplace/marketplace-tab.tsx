import { useCallback, useEffect, useRef, useState } from 'react';
import type { EditListingInput } from '@common/marketplace/listing-form';
import { LISTING_DEFAULTS } from '@common/marketplace/marketplace';
import type { EligibleTrack } from '@common/marketplace/marketplace-messages';
import type { MarketplaceListing } from '@common/marketplace/listing-doc';
import {
  CREATE_LISTING_FAILED,
  LISTINGS_LOAD_FAILED,
  NO_PAYMENT_METHOD,
  NO_ELIGIBLE_TRACKS,
  SELECT_TRACK_MESSAGE,
  UPDATE_LISTING_FAILED,
  UPDATE_LISTING_STATUS_FAILED,
  LISTING_ACTIVATED,
  LISTING_DEACTIVATED,
  LISTING_DELETED,
} from '@common/marketplace/marketplace-messages';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, Select } from '@/components/ui/field';
import { useConfirm } from '@/hooks/use-confirm';
import * as endpoints from '@/lib/api/endpoints.gen';
import { call } from '@/lib/api/call';
import { notifyError, notifySuccess } from '@/lib/notify';
import { formatUsd, tokenCount } from '@common/format';

/** The form's values (number inputs hold strings). */
type Form = Omit<Required<EditListingInput>, 'price_tokens' | 'price_usd'> & { track_id: string; price_tokens: string; price_usd: string };
/** The spec's listing form defaults. */
const DEFAULTS: Form = {
  ...LISTING_DEFAULTS,
  track_id: '',
  price_tokens: String(LISTING_DEFAULTS.price_tokens),
  price_usd: LISTING_DEFAULTS.price_usd.toFixed(2),
};
const input = 'mt-1 w-full rounded-lg border border-zinc-700 bg-zinc-950 px-3 py-2';
/** The request body's fields (the server checks them with the same schema). */
const fieldsOf = (f: Form): Required<EditListingInput> => ({
  price_tokens: Number(f.price_tokens),
  price_usd: Number(f.price_usd),
  listing_type: f.listing_type,
  version_type: f.version_type,
  accept_tokens: f.accept_tokens,
  accept_cash_app: f.accept_cash_app,
});
const formOf = (l: MarketplaceListing): Form => ({
  track_id: l.track_id,
  price_tokens: String(l.price_tokens),
  price_usd: l.price_usd.toFixed(2),
  listing_type: l.listing_type,
  version_type: l.version_type,
  accept_tokens: l.accept_tokens,
  accept_cash_app: l.accept_cash_app,
});

const LISTING_TYPES = [
  ['basic', 'Basic'],
  ['featured', 'Featured'],
] as const;
const VERSION_TYPES = [
  ['preview', 'Preview'],
  ['full', 'Full'],
] as const;

function Choice<T extends string>({ label, value, options, onChange }: { label: string; value: T; options: ReadonlyArray<readonly [T, string]>; onChange: (value: T) => void }) {
  return (
    <label>
      {label}
      <Select className={input} value={value} options={options} onChange={(v) => onChange(v as T)} />
    </label>
  );
}

function NumberInput({ label, step, value, onChange }: { label: string; step: number; value: string; onChange: (value: string) => void }) {
  return (
    <label>
      {label}
      {/* Required: an emptied price used to be sent as 0, a free listing. */}
      <input className={input} type="number" required min={0} step={step} value={value} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}

/** CMS Marketplace tab: create listings for approved tracks, edit, activate or deactivate, delete. */
export function MarketplaceTab() {
  const [tracks, setTracks] = useState<EligibleTrack[] | null>(null);
  const [listings, setListings] = useState<MarketplaceListing[]>([]);
  const [form, setForm] = useState<Form>(DEFAULTS);
  const [editing, setEditing] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const edited = editing === null ? undefined : listings.find((l) => l.id === editing);
  /** Create Listing without a track: the Track select is marked, says so, and takes the focus. */
  const [noTrack, setNoTrack] = useState(false);
  const trackRef = useRef<HTMLSelectElement>(null);
  const { confirm, dialog } = useConfirm();

  const reload = useCallback(async () => {
    try {
      const [t, l] = await Promise.all([
        call(endpoints.marketplace.eligibleTracks),
        call(endpoints.marketplace.all),
      ]);
      setTracks(t.tracks);
      setListings(l.listings);
    } catch (e) {
      notifyError(LISTINGS_LOAD_FAILED, e);
    }
  }, []);
  useEffect(() => void reload(), [reload]);

  const formRef = useRef<HTMLFormElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  // Edit fills the form above the list: the focus goes to its first field, and back to the
  // listing's Edit button when the edit is saved or cancelled (after the render that shows it).
  const focusAfterRender = (find: () => HTMLElement | null | undefined) => requestAnimationFrame(() => find()?.focus());
  const startEdit = (l: MarketplaceListing) => {
    setNoTrack(false);
    setEditing(l.id);
    setForm(formOf(l));
    focusAfterRender(() => formRef.current?.querySelector<HTMLElement>('input:not(:disabled), select:not(:disabled)'));
  };
  const reset = () => {
    const edited = editing;
    setForm(DEFAULTS);
    setEditing(null);
    if (edited) focusAfterRender(() => listRef.current?.querySelector<HTMLElement>(`[data-listing="${CSS.escape(edited)}"] [data-edit]`));
  };

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!editing && !form.track_id) {
      setNoTrack(true);
      trackRef.current?.focus();
      return notifyError(SELECT_TRACK_MESSAGE);
    }
    if (!form.accept_tokens && !form.accept_cash_app) return notifyError(editing ? UPDATE_LISTING_FAILED : CREATE_LISTING_FAILED, NO_PAYMENT_METHOD);
    setBusy(true);
    try {
      if (editing)
        await call(endpoints.marketplace.edit, { params: { id: editing }, body: fieldsOf(form) });
      else
        await call(endpoints.marketplace.create, { body: { track_id: form.track_id, ...fieldsOf(form) } });
      notifySuccess(editing ? 'Listing updated' : 'Listing created');
      reset();
      await reload();
    } catch (err) {
      notifyError(editing ? UPDATE_LISTING_FAILED : CREATE_LISTING_FAILED, err);
    } finally {
      setBusy(false);
    }
  }

  async function change(send: () => Promise<unknown>, failure: string, success: string) {
    try {
      await send();
      notifySuccess(success);
      await reload();
    } catch (err) {
      notifyError(failure, err);
    }
  }

  async function remove(l: MarketplaceListing) {
    if (!(await confirm({ title: 'Delete listing', action: 'Delete', description: `Delete the listing for "${l.title}"?` }))) return;
    await change(() => call(endpoints.marketplace.delete, { params: { id: l.id }, body: {} }), UPDATE_LISTING_FAILED, LISTING_DELETED);
  }

  return (
    <Card className="p-6" aria-labelledby="mkt-title">
      <h2 id="mkt-title" className="text-xl font-bold">
        Marketplace Listings
      </h2>
      <p className="text-zinc-400">Create and manage listings for approved tracks.</p>
      <form ref={formRef} onSubmit={submit} className="mt-4 grid gap-4 sm:grid-cols-2" aria-label={editing ? 'Edit listing' : 'Create listing'} aria-describedby={editing ? 'mkt-editing' : undefined}>
        {editing && (
          <p id="mkt-editing" className="text-sm text-zinc-400 sm:col-span-2">
            Editing the listing for “{edited?.title}”
          </p>
        )}
        <Field
          label="Track"
          compact
          className="sm:col-span-2"
          error={noTrack ? SELECT_TRACK_MESSAGE : null}
          // Nothing to offer: say why, rather than a select with only its placeholder.
          hint={!editing && tracks?.length === 0 ? NO_ELIGIBLE_TRACKS : undefined}
        >
          <select
            ref={trackRef}
            className={input}
            value={form.track_id}
            disabled={editing !== null}
            onChange={(e) => {
              setNoTrack(false);
              set('track_id', e.target.value);
            }}
          >
            <option value="">Select a track</option>
            {(tracks ?? []).map((t) => (
              <option key={t.id} value={t.id}>
                {t.title} — {t.artist_name}
              </option>
            ))}
            {/* The listed track is not among the unlisted ones offered: it shows by its title. */}
            {editing && !(tracks ?? []).some((t) => t.id === form.track_id) && (
              <option value={form.track_id}>
                {edited ? `${edited.title} — ${edited.artist_name}` : form.track_id}
              </option>
            )}
          </select>
        </Field>
        <NumberInput label="Price (tokens)" step={1} value={form.price_tokens} onChange={(v) => set('price_tokens', v)} />
        <NumberInput label="Price (USD)" step={0.01} value={form.price_usd} onChange={(v) => set('price_usd', v)} />
        <Choice label="Listing type" value={form.listing_type} options={LISTING_TYPES} onChange={(v) => set('listing_type', v)} />
        <Choice label="Version type" value={form.version_type} options={VERSION_TYPES} onChange={(v) => set('version_type', v)} />
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={form.accept_tokens} onChange={(e) => set('accept_tokens', e.target.checked)} /> Accept tokens
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={form.accept_cash_app} onChange={(e) => set('accept_cash_app', e.target.checked)} /> Accept Cash
          App
        </label>
        <div className="flex gap-3 sm:col-span-2">
          <Button type="submit" disabled={busy} className="px-4 py-2 font-semibold disabled:opacity-50">
            {editing ? 'Save Changes' : 'Create Listing'}
          </Button>
          {editing && (
            <Button look="secondary" onClick={reset} className="px-4 py-2">
              Cancel
            </Button>
          )}
        </div>
      </form>
      <ul ref={listRef} className="mt-6 space-y-3" aria-label="Listings">
        {listings.length === 0 && <li className="text-zinc-400">No listings yet</li>}
        {listings.map((l) => (
          <li key={l.id} className="flex flex-wrap items-center gap-3 rounded-xl border border-zinc-800 p-3" data-testid="cms-listing" data-listing={l.id}>
            <div className="min-w-0 flex-1">
              <p className="font-semibold" id={`listing-${l.id}`}>
                {l.title}
              </p>
              <p className="text-sm text-zinc-400">
                {l.artist_name} · {tokenCount(l.price_tokens)} · {formatUsd(l.price_usd)} · {l.listing_type} · {l.version_type}
              </p>
            </div>
            <Button
              look="secondary"
              className="px-3 py-1 text-sm"
              data-edit
              aria-describedby={`listing-${l.id}`}
              onClick={() => startEdit(l)}
            >
              Edit
            </Button>
            <button
              type="button"
              aria-pressed={l.is_active}
              aria-describedby={`listing-${l.id}`}
              className={`rounded-lg px-3 py-1 text-sm ${l.is_active ? 'bg-emerald-600/30 text-emerald-200' : 'bg-zinc-800 text-zinc-400'}`}
              onClick={() => void change(() => call(endpoints.marketplace.setActive, { params: { id: l.id }, body: { is_active: !l.is_active } }), UPDATE_LISTING_STATUS_FAILED, l.is_active ? LISTING_DEACTIVATED : LISTING_ACTIVATED)}
            >
              {l.is_active ? 'Active' : 'Inactive'}
            </button>
            <button
              type="button"
              className="rounded-lg border border-red-800 px-3 py-1 text-sm text-red-300"
              aria-describedby={`listing-${l.id}`}
              onClick={() => void remove(l)}
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
      {dialog}
    </Card>
  );
}
