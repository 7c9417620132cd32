import { PendingText } from '@/components/pending-text';
import { Card } from '@/components/ui/card';
import type { TrackList } from './load-tracks';
import { useModeration } from './moderate-track';
import { PendingTrackCard } from './pending-track-card';

/** The 'Track Moderation' card: pending submissions with Approve, Reject and Delete. */
export function TrackModeration({ list: { tracks, failed }, onChanged }: { list: TrackList; onChanged: () => void }) {
  const moderation = useModeration(onChanged);
  return (
    <Card className="p-6" aria-labelledby="track-moderation">
      <h2 id="track-moderation" className="text-xl font-bold">Track Moderation</h2>
      <p className="text-sm text-zinc-400">Approve or reject pending track submissions</p>
      {tracks === null ? (
        <PendingText failed={failed} className="py-6 text-center text-zinc-400" />
      ) : tracks.length === 0 ? (
        <p className="py-6 text-center text-zinc-400">No pending submissions.</p>
      ) : (
        <ul className="mt-4 space-y-4">
          {tracks.map((t) => (
            <PendingTrackCard
              key={t.id}
              track={t}
              busy={moderation.busyId === t.id}
              onApprove={(cover) => void moderation.approve(t, cover)}
              onReject={() => void moderation.reject(t)}
              onDelete={() => void moderation.remove(t)}
            />
          ))}
        </ul>
      )}
      {moderation.confirmDialog}
    </Card>
  );
}
