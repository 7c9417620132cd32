import { GENRES } from '@common/constants';
import { AI_TOOLS, HYBRID_ELEMENTS, SONG_TYPES, SUBMISSION_ROUTES, TRACK_STATUSES } from '@common/contest';
import { CoverPicker } from './cover-picker';
import type { EditForm } from './edit-form';
import { routeLabel, songTypeLabel } from './format';
import { MultiCheck } from './multi-check';

export const field = 'w-full rounded-lg border border-zinc-700 bg-zinc-950 px-3 py-2 text-zinc-100 focus:border-fuchsia-500 focus:outline-none';
const label = 'block space-y-1 text-sm text-zinc-300';

type Props = { form: EditForm; set: (patch: Partial<EditForm>) => void; trackId: string; maxStart: number };

/** Every editable field of a track. */
export function EditTrackFields({ form, set, trackId, maxStart }: Props) {
  const genres: readonly string[] = GENRES.includes(form.genre as (typeof GENRES)[number]) ? GENRES : [form.genre, ...GENRES];
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <label className={label}>
        <span>Title</span>
        <input className={field} value={form.title} onChange={(e) => set({ title: e.target.value })} required />
      </label>
      <label className={label}>
        <span>Artist name</span>
        <input className={field} value={form.artist_name} onChange={(e) => set({ artist_name: e.target.value })} placeholder="Anonymous" />
      </label>
      <label className={label}>
        <span>Genre</span>
        <select className={field} value={form.genre} onChange={(e) => set({ genre: e.target.value })}>
          {genres.map((g) => (
            <option key={g}>{g}</option>
          ))}
        </select>
      </label>
      <label className={label}>
        <span>Song type</span>
        <select className={field} value={form.song_type} onChange={(e) => set({ song_type: e.target.value as EditForm['song_type'] })}>
          {SONG_TYPES.map((t) => (
            <option key={t} value={t}>
              {songTypeLabel(t)}
            </option>
          ))}
        </select>
      </label>
      <label className={label}>
        <span>Route</span>
        <select className={field} value={form.submission_type} onChange={(e) => set({ submission_type: e.target.value as EditForm['submission_type'] })}>
          {SUBMISSION_ROUTES.map((r) => (
            <option key={r} value={r}>
              {routeLabel(r)}
            </option>
          ))}
        </select>
      </label>
      <label className={label}>
        <span>Status</span>
        <select className={field} value={form.status} onChange={(e) => set({ status: e.target.value as EditForm['status'] })}>
          {TRACK_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s[0]!.toUpperCase() + s.slice(1)}
            </option>
          ))}
        </select>
      </label>
      <label className={label}>
        <span>Preview start (seconds, 0 – {maxStart})</span>
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
        <span className="block text-xs text-zinc-500">A new start re-cuts the 45 s voting clip.</span>
      </label>
      <div className="sm:col-span-2">
        <CoverPicker name={`edit-cover-${trackId}`} value={form.cover_art_url} onChange={(cover) => set({ cover_art_url: cover })} noneLabel="No cover" />
      </div>
      <label className={`${label} sm:col-span-2`}>
        <span>Creation story</span>
        <textarea className={`${field} min-h-20`} value={form.creation_story} onChange={(e) => set({ creation_story: e.target.value })} />
      </label>
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
