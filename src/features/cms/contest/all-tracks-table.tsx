import { Pencil } from 'lucide-react';
import { useState } from 'react';
import type { CmsTrack } from '@common/cms/cms-messages';
import { PendingText } from '@/components/pending-text';
import { ratingText } from '@/lib/rating-text';
import { Card } from '@/components/ui/card';
import { ACTIONS_COLUMN, DataTable, TD } from '@/components/ui/table';
import { EditTrackDialog } from './edit-track-dialog';
import type { TrackList } from './load-tracks';
import { dateLabel, routeLabel, songTypeLabel } from '../format';
import { SendToRadioButton } from './radio-send';
import { StatusBadge } from './status-badge';

const td = `${TD} align-middle`;

/** A dash for a track not rated yet, said in words to a screen reader. */
const NotRated = () => (
  <>
    <span aria-hidden>—</span>
    <span className="sr-only">Not rated yet</span>
  </>
);

/** The 'All Contest Songs' card: every track with its status, and an Edit dialog per row. */
export function AllTracksTable({ list: { tracks, failed }, onChanged }: { list: TrackList; onChanged: () => void }) {
  const [editing, setEditing] = useState<CmsTrack | null>(null);
  return (
    <Card className="p-6" aria-labelledby="all-tracks">
      <h2 id="all-tracks" className="text-xl font-bold">All Contest Songs</h2>
      <p className="text-sm text-zinc-400">Edit and manage all tracks in the system</p>
      {tracks === null ? (
        <PendingText failed={failed} className="py-6 text-center text-zinc-400" />
      ) : tracks.length === 0 ? (
        <p className="py-6 text-center text-zinc-400">No tracks yet.</p>
      ) : (
        <DataTable minWidth="min-w-[58rem]" className="mt-4" columns={['Track', 'Genre', 'Type', 'Route', 'Status', 'Votes', 'Fool rate', 'Rating', 'Submitted', ACTIONS_COLUMN]}>
          {tracks.map((t) => (
            <tr key={t.id}>
              <td className={td}>
                <div className="flex items-center gap-3">
                  {t.cover_art_url ? (
                    <img src={t.cover_art_url} alt="" width={36} height={36} loading="lazy" className="size-9 rounded object-cover" />
                  ) : (
                    <span aria-hidden className="size-9 rounded bg-zinc-800" />
                  )}
                  <div className="min-w-0">
                    <p className="max-w-56 truncate font-medium">{t.title}</p>
                    <p className="max-w-56 truncate text-zinc-400">{t.artist_name}</p>
                  </div>
                </div>
              </td>
              <td className={td}>{t.genre}</td>
              <td className={td}>{songTypeLabel(t.song_type)}</td>
              <td className={td}>{routeLabel(t.submission_type)}</td>
              <td className={td}>
                <StatusBadge status={t.status} />
              </td>
              <td className={td}>{t.stats.total_votes}</td>
              <td className={td}>{t.stats.fool_rate.toFixed(1)}%</td>
              {/* The track's disguise rating give or take one deviation; none before its first rollup. */}
              <td className={`${td} whitespace-nowrap`}>{t.stats.rating !== null && t.stats.rating_deviation !== null ? ratingText(t.stats.rating, t.stats.rating_deviation) : <NotRated />}</td>
              <td className={`${td} whitespace-nowrap text-zinc-400`}>{dateLabel(t.created_at)}</td>
              <td className={td}>
                <div className="flex items-center gap-2 whitespace-nowrap">
                  <button
                    type="button"
                    onClick={() => setEditing(t)}
                    aria-label={`Edit ${t.title}`}
                    className="inline-flex items-center gap-1 rounded-md border border-zinc-700 px-2.5 py-1.5 hover:bg-zinc-800"
                  >
                    <Pencil className="size-3.5" aria-hidden /> Edit
                  </button>
                  {t.status === 'approved' ? <SendToRadioButton trackId={t.id} title={t.title} /> : null}
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {editing ? <EditTrackDialog track={editing} onClose={() => setEditing(null)} onSaved={onChanged} /> : null}
    </Card>
  );
}
