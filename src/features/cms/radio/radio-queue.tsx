import { Loader2, RadioTower } from 'lucide-react';
import { RADIO_MSG } from '@common/radio/radio-messages';
import { Card } from '@/components/ui/card';
import { Tab, TabList, TabPanel, Tabs } from '@/components/ui/tabs';
import { useApiRead } from '@/hooks/use-api-read';
import { useRadioPullStatus, useRadioSubmissions } from '@/hooks/use-radio-submissions';
import { loadStation } from './radio-queue-api';
import { RadioQueueTable } from './radio-queue-table';

/** The Radio Queue panel: music and ad submissions, live from the replicated collection (admins get every one). */
export function RadioQueue() {
  const status = useRadioPullStatus();
  const submissions = useRadioSubmissions();
  const station = useApiRead((signal) => loadStation(signal), []);
  const stationUpload = station.data?.upload ?? false;
  const music = submissions?.filter((s) => s.submission_type === 'music') ?? [];
  const ads = submissions?.filter((s) => s.submission_type === 'advertisement') ?? [];

  return (
    <Card className="p-6" aria-labelledby="radio-queue-title">
      <div className="flex items-center gap-3">
        <RadioTower className="size-6 text-fuchsia-400" aria-hidden />
        <h2 id="radio-queue-title" className="text-xl font-bold">Radio Queue</h2>
      </div>
      <p className="text-sm text-zinc-400">Review, download, upload and schedule paid radio submissions.</p>
      {status === 'failed' ? (
        <p role="alert" className="py-8 text-center text-red-300">
          {RADIO_MSG.loadFailed}
        </p>
      ) : status === 'loading' || submissions === undefined ? (
        <p role="status" className="flex items-center justify-center gap-2 py-8 text-zinc-400">
          <Loader2 className="size-5 animate-spin" aria-hidden /> {RADIO_MSG.loading}
        </p>
      ) : (
        <Tabs defaultValue="music">
          <TabList look="segment" aria-label="Radio queues" className="mt-4 inline-flex">
            <Tab look="segment" value="music" className="px-4 text-sm">
              Music Queue ({music.length})
            </Tab>
            <Tab look="segment" value="advertisement" className="px-4 text-sm">
              Advertisement Queue ({ads.length})
            </Tab>
          </TabList>
          <TabPanel value="music" className="mt-4">
            <RadioQueueTable kind="music" rows={music} stationUpload={stationUpload} />
          </TabPanel>
          <TabPanel value="advertisement" className="mt-4">
            <RadioQueueTable kind="advertisement" rows={ads} stationUpload={stationUpload} />
          </TabPanel>
        </Tabs>
      )}
    </Card>
  );
}
