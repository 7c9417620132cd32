import { Check, RadioTower, Trash2, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { CMS_MSG, type CmsTrack } from '@common/cms/cms-messages';
import { RADIO_MSG } from '@common/radio/radio-messages';
import { useMediaElementFocus } from '@/lib/audio-focus';
import { CoverPicker } from './cover-picker';
import { dateLabel, routeLabel, songTypeLabel } from '../format';

type Props = {
  track: CmsTrack;
  busy: boolean;
  onApprove: (cover: string | null) => void;
  onReject: () => void;
  onDelete: () => void;
};

/** One of the moderation buttons; all wait while a decision is being saved. */
function Decision({ busy, onClick, className, children }: { busy: boolean; onClick: () => void; className: string; children: ReactNode }) {
  return (
    <button type="button" disabled={busy} onClick={onClick} className={`inline-flex items-center gap-1.5 rounded-lg px-4 py-2 font-semibold disabled:opacity-50 ${className}`}>
      {children}
    </button>
  );
}

/** One pending submission: its details, the full track to listen to, a cover choice, the three decisions and Send to Radio (after approval). */
export function PendingTrackCard({ track, busy, onApprove, onReject, onDelete }: Props) {
  const [cover, setCover] = useState<string | null>(null);
  const focus = useMediaElementFocus();
  return (
    <li className="space-y-3 rounded-xl border border-zinc-800 bg-zinc-950/40 p-4" aria-label={track.title}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div className="min-w-0">
          <h3 className="truncate text-lg font-semibold">{track.title}</h3>
          <p className="text-sm text-zinc-400">{track.artist_name}</p>
        </div>
        <p className="text-xs text-zinc-400">Submitted {dateLabel(track.created_at)}</p>
      </div>
      <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
        {[
          ['Genre', track.genre],
          ['Song type', songTypeLabel(track.song_type)],
          ['Route', routeLabel(track.submission_type)],
        ].map(([k, v]) => (
          <div key={k} className="flex gap-1.5">
            <dt className="text-zinc-400">{k}:</dt>
            <dd className="text-zinc-200">{v}</dd>
          </div>
        ))}
      </dl>
      {track.audio_url ? (
        <audio controls preload="none" src={track.audio_url} className="w-full" aria-label={`Full track: ${track.title}`} {...focus} />
      ) : (
        <p className="text-sm text-zinc-400">{CMS_MSG.audioUnavailable}</p>
      )}
      <CoverPicker name={`cover-${track.id}`} value={cover} onChange={setCover} />
      <div className="flex flex-wrap gap-2">
        <Decision busy={busy} onClick={() => onApprove(cover)} className="bg-emerald-700 text-white hover:bg-emerald-800">
          <Check className="size-4" aria-hidden /> Approve
        </Decision>
        <Decision busy={busy} onClick={onReject} className="border border-zinc-700 hover:bg-zinc-800">
          <X className="size-4" aria-hidden /> Reject
        </Decision>
        <Decision busy={busy} onClick={onDelete} className="border border-red-500/50 text-red-300 hover:bg-red-500/10">
          <Trash2 className="size-4" aria-hidden /> Delete
        </Decision>
        {/* The spec's fourth moderation action; a pending track cannot go to radio yet (spec §4). */}
        <button
          type="button"
          disabled
          aria-describedby={`radio-hint-${track.id}`}
          className="inline-flex items-center gap-1.5 rounded-lg border border-fuchsia-500/50 px-4 py-2 font-semibold text-fuchsia-200 disabled:opacity-50"
        >
          <RadioTower className="size-4" aria-hidden /> {RADIO_MSG.sendToRadio}
        </button>
        <p id={`radio-hint-${track.id}`} className="basis-full text-xs text-zinc-400">
          {RADIO_MSG.approveFirst}
        </p>
      </div>
    </li>
  );
}
