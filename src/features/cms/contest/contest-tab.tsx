import { useState } from 'react';
import { AllTracksTable } from './all-tracks-table';
import { useTracks } from './load-tracks';
import { TrackModeration } from './track-moderation';

/** Track Moderation (pending) and All Contest Songs; both lists reload after every action. */
export function ContestTab({ reloadKey }: { reloadKey: number }) {
  const [version, setVersion] = useState(0);
  const key = `${reloadKey}:${version}`;
  const pending = useTracks('pending', key);
  const all = useTracks('all', key);
  const refresh = () => setVersion((v) => v + 1);
  return (
    <div className="space-y-6">
      <TrackModeration list={pending} onChanged={refresh} />
      <AllTracksTable list={all} onChanged={refresh} />
    </div>
  );
}
