import { GENRES } from '@common/constants';
import { AI_TOOLS, HYBRID_ELEMENTS, SONG_TYPES, SUBMISSION_ROUTES, TRACK_STATUSES } from '@common/contest/contest';
import { Field } from '@/components/ui/field';
import { CoverPicker } from './cover-picker';
import type { EditForm } from './edit-form';
import { routeLabel, songTypeLabel } from '../format';
import { MultiCheck } from './multi-check';

const field = 'w-full rounded-lg border border-zinc-700 bg-zinc-950 px-3 py-2 text-zinc-100 focus:border-fuchsia-500 focus:outline-none';

const tone = 'text-zinc-300';
const capitalize = (s: string) => s[0]!.toUpperCase() + s.slice(1);

type ChoiceProps<T extends string> = { label: string; value: T; options: readonly T[]; text: (option: T) => string; onChange: (value: T) => void };

/** A select over a fixed list of values, each shown by `text`. */
function Choice<T extends string>({ label, value, options, text, onChange }: ChoiceProps<T>) {
  return (
    <Field label={label} compact className={tone}>
      <select className={field} value={value} onChange={(e) => onChange(e.target.value as T)}>
        {options.map((o) => (
          <option key={o} value={o}>
            {text(o)}
          </option>
        ))}
      </select>
    </Field>
  );
}

type Props = { form: EditForm; set: (patch: Partial<EditForm>) => void; trackId: string; maxStart: number };

/** Every editable field of a track. */
export function EditTrackFields({ form, set, trackId, maxStart }: Props) {
  const genres: readonly string[] = GENRES.includes(form.genre as (typeof GENRES)[number]) ? GENRES : [form.genre, ...GENRES];
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="Title" compact className={tone}>
        <input className={field} value={form.title} onChange={(e) => set({ title: e.target.value })} required />
      </Field>
      <Field label="Artist name" compact className={tone}>
        <input className={field} value={form.artist_name} onChange={(e) => set({ artist_name: e.target.value })} placeholder="Anonymous" />
      </Field>
      <Field label="Genre" compact className={tone}>
        <select className={field} value={form.genre} onChange={(e) => set({ genre: e.target.value })}>
          {genres.map((g) => (
            <option key={g}>{g}</option>
          ))}
        </select>
      </Field>
      <Choice label="Song type" value={form.song_type} options={SONG_TYPES} text={songTypeLabel} onChange={(song_type) => set({ song_type })} />
      <Choice label="Route" value={form.submission_type} options={SUBMISSION_ROUTES} text={routeLabel} onChange={(submission_type) => set({ submission_type })} />
      <Choice label="Status" value={form.status} options={TRACK_STATUSES} text={capitalize} onChange={(status) => set({ status })} />
      <Field label={`Preview start (seconds, 0 – ${maxStart})`} compact className={tone} hint="A new start re-cuts the 45 s voting clip.">
        <input
          className={field}
          type="number"
          inputMode="decimal"
          min={0}
          max={maxStart}
          step={0.1}
          value={form.preview_start_time}
          onChange={(e) => set({ preview_start_time: e.target.value })}
        />
      </Field>
      <div className="sm:col-span-2">
        <CoverPicker name={`edit-cover-${trackId}`} value={form.cover_art_url} onChange={(cover) => set({ cover_art_url: cover })} noneLabel="No cover" />
      </div>
      <Field label="Creation story" compact className={`${tone} sm:col-span-2`}>
        <textarea className={`${field} min-h-20`} value={form.creation_story} onChange={(e) => set({ creation_story: e.target.value })} />
      </Field>
      {form.song_type === 'hybrid' ? (
        <div className="space-y-3 sm:col-span-2">
          <MultiCheck legend="AI elements" choices={HYBRID_ELEMENTS} value={form.hybrid_ai_elements} onChange={(v) => set({ hybrid_ai_elements: v })} />
          <MultiCheck legend="Human elements" choices={HYBRID_ELEMENTS} value={form.hybrid_human_elements} onChange={(v) => set({ hybrid_human_elements: v })} />
          <MultiCheck legend="Tools used" choices={AI_TOOLS} value={form.hybrid_tools_used} onChange={(v) => set({ hybrid_tools_used: v })} />
        </div>
      ) : null}
    </div>
  );
}
