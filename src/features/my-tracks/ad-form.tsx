import { Link } from '@tanstack/react-router';
import { Megaphone } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { PATHS } from '@common/paths';
import { AD_DURATIONS, AD_TIERS, type AdDuration, type AdPrices, type AdTier } from '@common/radio/radio';
import { RADIO_MSG } from '@common/radio/radio-messages';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, INPUT } from '@/components/ui/field';
import { afterWrite } from '@/data/lazy';
import { ApiError, isPriceChanged } from '@/lib/api/api';
import { notifyError, notifySuccess } from '@/lib/notify';
import { measureDuration } from '@/lib/audio-duration';
import { fitsSlot } from './ad-duration';
import { submitAd } from './my-tracks-api';

type Measure = { state: 'idle' | 'measuring' | 'unreadable' } | { state: 'measured'; seconds: number };

const TIER_LABELS: Record<AdTier, string> = { standard: 'Standard', premium: 'Premium', prime: 'Prime' };
const radio = 'size-4 accent-fuchsia-500';
const option = 'flex cursor-pointer items-center gap-2 rounded-lg border border-zinc-700 px-3 py-2 has-[:checked]:border-fuchsia-500 has-[:checked]:bg-fuchsia-500/10';

/** 'Advertise on the radio': name, tier, slot and an audio file, measured here before it goes up. */
/** `free`: a super admin's ads cost nothing. `onPriceChanged`: the API refused a price that changed since the page read it. */
export function AdForm({ prices, free, online, onPriceChanged }: { prices: AdPrices; free: boolean; online: boolean; onPriceChanged: () => void }) {
  const [name, setName] = useState('');
  const [tier, setTier] = useState<AdTier>('standard');
  const [slot, setSlot] = useState<AdDuration>(30);
  const [file, setFile] = useState<File | null>(null);
  const [measure, setMeasure] = useState<Measure>({ state: 'idle' });
  const [busy, setBusy] = useState(false);
  const [shortage, setShortage] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const key = useRef(crypto.randomUUID());
  const price = free ? 0 : prices[tier][`${slot}`];
  const misfit = measure.state === 'measured' && !fitsSlot(measure.seconds, slot);

  const pick = (f: File | null) => {
    setFile(f);
    key.current = crypto.randomUUID();
    if (!f) return setMeasure({ state: 'idle' });
    setMeasure({ state: 'measuring' });
    measureDuration(f).then(
      (seconds) => setMeasure({ state: 'measured', seconds }),
      () => setMeasure({ state: 'unreadable' }),
    );
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file || misfit || !name.trim()) return;
    setBusy(true);
    setShortage(null);
    try {
      await submitAd({ name, tier, duration: slot, audio: file, tokenCost: price }, key.current);
      notifySuccess(RADIO_MSG.adSubmitted);
      setName('');
      pick(null);
      if (fileInput.current) fileInput.current.value = '';
      // The form is empty again and its button disabled: the keyboard stays at the form's start, not the page's.
      heading.current?.focus();
      await afterWrite(['radio_submissions', 'token_balances']);
    } catch (err) {
      if (err instanceof ApiError && err.status === 402) setShortage(err.message);
      notifyError(RADIO_MSG.adFailed, err);
      if (isPriceChanged(err)) {
        // The button shows the new price; a new key, as this is a new request.
        onPriceChanged();
        key.current = crypto.randomUUID();
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="p-6" aria-labelledby="ad-form-title">
      <div className="flex items-center gap-3">
        <Megaphone className="size-6 text-fuchsia-400" aria-hidden />
        <h2 id="ad-form-title" ref={heading} tabIndex={-1} className="text-xl font-bold">
          {RADIO_MSG.adTitle}
        </h2>
      </div>
      <p className="mt-1 text-sm text-zinc-400">{RADIO_MSG.adSubtitle}</p>
      <form onSubmit={(e) => void submit(e)} className="mt-5 space-y-5">
        <Field label={RADIO_MSG.adName}>
          <input className={INPUT} value={name} maxLength={80} required onChange={(e) => setName(e.target.value)} disabled={busy} />
        </Field>
        <fieldset className="space-y-2 text-sm" disabled={busy}>
          <legend className="mb-1.5 font-medium">{RADIO_MSG.adTier}</legend>
          <div className="grid gap-2 sm:grid-cols-3">
            {AD_TIERS.map((t) => (
              <label key={t} className={option}>
                <input type="radio" name="ad-tier" value={t} checked={tier === t} onChange={() => setTier(t)} className={radio} />
                <span>
                  <span className="block font-semibold">{TIER_LABELS[t]}</span>
                  <span className="block text-xs text-zinc-400">{AD_DURATIONS.map((d) => `${d} s: ${prices[t][`${d}`]}`).join(' · ')} tokens</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="space-y-2 text-sm" disabled={busy}>
          <legend className="mb-1.5 font-medium">{RADIO_MSG.adSlot}</legend>
          <div className="flex flex-wrap gap-2">
            {AD_DURATIONS.map((d) => (
              <label key={d} className={option}>
                <input type="radio" name="ad-slot" value={d} checked={slot === d} onChange={() => setSlot(d)} className={radio} />
                {d} s
              </label>
            ))}
          </div>
        </fieldset>
        <Field label={RADIO_MSG.adAudio} hint={<MeasureHint measure={measure} slot={slot} />}>
          <input
            ref={fileInput}
            type="file"
            accept="audio/*"
            required
            disabled={busy}
            onChange={(e) => pick(e.target.files?.[0] ?? null)}
            className="block w-full text-sm text-zinc-300 file:mr-3 file:rounded-md file:border-0 file:bg-zinc-800 file:px-3 file:py-2 file:text-zinc-100"
          />
        </Field>
        {!online ? <p role="status" className="text-sm text-amber-200">{RADIO_MSG.needsNetwork}</p> : null}
        {shortage ? (
          <p role="alert" className="text-sm text-red-200">
            {shortage}{' '}
            <Link to={PATHS.pricing} className="font-semibold text-fuchsia-300 underline underline-offset-2">
              {RADIO_MSG.goToPricing}
            </Link>
          </p>
        ) : null}
        <Button type="submit" disabled={busy || !online || !file || misfit || !name.trim() || measure.state === 'measuring'} className="px-5 py-2.5 font-semibold disabled:opacity-50">
          {busy ? RADIO_MSG.adSubmitting : free ? RADIO_MSG.adSubmitFree : RADIO_MSG.adSubmit(price)}
        </Button>
      </form>
    </Card>
  );
}

function MeasureHint({ measure, slot }: { measure: Measure; slot: number }) {
  if (measure.state === 'measuring') return <span role="status" className="text-zinc-300">{RADIO_MSG.adMeasuring}</span>;
  if (measure.state === 'unreadable') return <span role="status" className="text-amber-200">{RADIO_MSG.adUnreadable}</span>;
  if (measure.state !== 'measured') return null;
  if (fitsSlot(measure.seconds, slot)) return <span role="status" className="text-emerald-300">{RADIO_MSG.adMeasured(measure.seconds)}</span>;
  return (
    <span role="alert" className="text-red-200">
      {RADIO_MSG.adNoFit(measure.seconds, slot)}
    </span>
  );
}
