// First: zod must be told not to compile with eval before the form's schemas are built.
import '@/lib/zod-config';
import { Loader2, Send, Upload } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { GENRES } from '@common/constants';
import { listInWords } from '@common/format';
import { SONG_TYPE_LABELS, SONG_TYPES, submissionCost } from '@common/contest/contest';
import { ARTIST_MAX, DEFAULT_ARTIST, TITLE_MAX } from '@common/radio/submission';
import { Button } from '@/components/ui/button';
import { CARD } from '@/components/ui/card';
import { Field, INPUT, Select } from '@/components/ui/field';
import { useBalanceDoc, useRoles } from '@/hooks/use-account';
import { measureDuration } from '@/lib/audio-duration';
import { FileInputs } from './file-inputs';
import { HybridDetails } from './hybrid-details';
import { RoutePicker } from './route-picker';
import { SegmentPicker } from './segment-picker';
import { UploadProgress } from './upload-progress';
import { useEntryPricing } from './use-entry-pricing';
import { useSubmitForm } from './use-submit-form';
import { useSubmitTrack } from './use-submit-track';

const card = `${CARD} p-6 space-y-5`;
const fileKey = (f: File) => `${f.name}:${f.size}:${f.lastModified}`;

/**
 * Whether this browser can read the chosen file as audio (null while it tries): a PNG renamed
 * .mp3 or an empty file is caught here, not after its upload. Only a warning: the server, which
 * decodes more than some browsers do, has the last word.
 */
function useReadable(file: File | null): boolean | null {
  const [readable, setReadable] = useState<{ file: File; ok: boolean } | null>(null);
  useEffect(() => {
    if (!file) return;
    let live = true;
    measureDuration(file).then(
      () => live && setReadable({ file, ok: true }),
      () => live && setReadable({ file, ok: false }),
    );
    return () => {
      live = false;
    };
  }, [file]);
  return readable?.file === file ? readable.ok : null;
}

export function SubmitPage() {
  const { form, set, patch, chooseAudio, ready, missing } = useSubmitForm();
  const { submit, busy, progress } = useSubmitTrack();
  const pricing = useEntryPricing();
  const { admin, loaded: rolesLoaded } = useRoles();
  const balance = useBalanceDoc()?.balance ?? null;
  const readable = useReadable(form.audioFile);

  /** The entry costs more than the balance: said before uploading the file, not after. The server still decides. */
  const shortfall = async (): Promise<{ cost: number; balance: number } | null> => {
    if (!rolesLoaded || balance === null || submissionCost(form.routes, pricing, admin) <= balance) return null;
    // The prices read when the page opened may have changed: asked again before refusing.
    const fresh = await pricing.fresh().catch(() => null);
    const cost = fresh ? submissionCost(form.routes, fresh, admin) : 0;
    return balance < cost ? { cost, balance } : null;
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit(form, shortfall);
  };

  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <header className="mb-6">
        <h1 className="flex items-center gap-2 text-3xl font-bold">
          <Upload className="size-7 text-fuchsia-400" aria-hidden /> Submit Your Track
        </h1>
        <p className="mt-1 text-zinc-400">Enter the blind contest, list it on the marketplace, or both.</p>
      </header>

      <form onSubmit={onSubmit} className="space-y-6" noValidate>
        <div className={card}>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Title">
              <input
                className={INPUT}
                value={form.title}
                onChange={(e) => set('title', e.target.value)}
                maxLength={TITLE_MAX}
                placeholder="Track title"
                disabled={busy}
              />
            </Field>
            <Field label="Artist name">
              <input
                className={INPUT}
                value={form.artistName}
                onChange={(e) => set('artistName', e.target.value)}
                maxLength={ARTIST_MAX}
                placeholder={DEFAULT_ARTIST}
                disabled={busy}
              />
            </Field>
          </div>
          <Field label="Genre">
            <Select value={form.genre} empty="Select a genre" options={GENRES.map((g) => [g, g] as const)} onChange={(v) => set('genre', v)} disabled={busy} />
          </Field>
          <fieldset>
            <legend className="mb-1.5 text-sm font-medium">Song type</legend>
            <div className="grid grid-cols-3 gap-2">
              {SONG_TYPES.map((t) => (
                <label
                  key={t}
                  className="flex cursor-pointer items-center justify-center gap-2 rounded-lg border border-zinc-700 py-2.5 text-sm font-medium has-[:checked]:border-fuchsia-500 has-[:checked]:bg-fuchsia-600/20 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-fuchsia-500/50"
                >
                  <input
                    type="radio"
                    name="songType"
                    value={t}
                    checked={form.songType === t}
                    onChange={() => set('songType', t)}
                    disabled={busy}
                    className="accent-fuchsia-500"
                  />
                  {SONG_TYPE_LABELS[t]}
                </label>
              ))}
            </div>
          </fieldset>
          {form.songType === 'hybrid' ? (
            <HybridDetails
              aiElements={form.aiElements}
              humanElements={form.humanElements}
              tools={form.tools}
              story={form.story}
              onChange={patch}
              disabled={busy}
            />
          ) : null}
          <RoutePicker routes={form.routes} onChange={(r) => set('routes', r)} pricing={pricing} admin={admin} disabled={busy} />
        </div>

        <div className={card}>
          <FileInputs
            audio={form.audioFile}
            video={form.videoFile}
            onAudio={chooseAudio}
            onVideo={(f) => set('videoFile', f)}
            disabled={busy}
            audioNote={form.audioFile && readable === false ? 'audio-unreadable' : undefined}
          />
          {form.audioFile && readable === false ? (
            <p id="audio-unreadable" role="alert" className="text-sm text-amber-200" data-testid="audio-unreadable">
              This browser could not read this file as audio. Choose another file, or submit it and the server will check it.
            </p>
          ) : null}
          {form.audioFile && readable !== false ? (
            <div className="border-t border-zinc-800 pt-5">
              <h2 className="mb-3 font-semibold">Preview segment</h2>
              <SegmentPicker
                key={fileKey(form.audioFile)}
                file={form.audioFile}
                start={form.previewStart}
                onStartChange={(s) => set('previewStart', s)}
                routes={form.routes}
                disabled={busy}
              />
            </div>
          ) : null}
        </div>

        {progress !== null ? <UploadProgress fraction={progress} /> : null}

        {/* While sending it keeps the focus (the submit ignores Enter meanwhile). */}
        <Button
          type="submit"
          look="bare"
          disabled={!ready}
          busy={busy}
          aria-describedby={ready ? undefined : 'submit-missing'}
          className="flex w-full items-center justify-center gap-2 rounded-md bg-gradient-to-r from-fuchsia-700 to-violet-600 py-3 font-semibold text-white hover:from-fuchsia-800 hover:to-violet-700 disabled:cursor-not-allowed disabled:opacity-50"
        >
          {busy ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Send className="size-4" aria-hidden />}
          {busy ? 'Submitting...' : 'Submit Track'}
        </Button>
        {/* A disabled button says nothing of why: what it still needs, under it. */}
        {ready ? null : (
          <p id="submit-missing" className="-mt-3 text-center text-xs text-zinc-400">
            To submit, add {listInWords(missing)}.
          </p>
        )}
      </form>
    </section>
  );
}
