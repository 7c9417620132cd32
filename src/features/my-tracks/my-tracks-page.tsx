import { Link } from '@tanstack/react-router';
import { ListMusic, Loader2, WifiOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { TIMINGS_MS } from '@common/constants';
import { PATHS } from '@common/paths';
import type { RadioStatus, RadioSubmission } from '@common/radio/radio';
import { RADIO_MSG } from '@common/radio/radio-messages';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useBalanceDoc, useRoles } from '@/hooks/use-account';
import { useApiRead } from '@/hooks/use-api-read';
import { useOnline } from '@/hooks/use-online';
import { usePageVisible } from '@/hooks/use-page-visible';
import { useRadioSubmissions } from '@/hooks/use-radio-submissions';
import { loadMyTracks, type MyTrack } from '@/lib/my-tracks';
import { notifyError } from '@/lib/notify';
import { useFocusRescue } from '@/lib/use-focus-rescue';
import { useSession } from '@/lib/session';
import { AdForm } from './ad-form';
import { RadioSubmissionsList } from './radio-submissions-list';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TrackRow } from './track-row';
import { useRadioPricing } from './use-radio-pricing';
import { useSendToRadio } from './use-send-to-radio';

/** A track's live radio status: its music submission in RxDB, else what the API said. */
function radioStatusOf(track: MyTrack, own: RadioSubmission[]): RadioStatus | null {
  return own.find((s) => s.submission_type === 'music' && s.track_id === track.id)?.status ?? track.radio_status;
}

/** /my-tracks: the user's own tracks with Send to Radio, their radio submissions, and the ad form. */
export function MyTracksPage() {
  const uid = useSession((s) => s.user?.uid ?? null);
  // Statuses and votes change elsewhere (a moderator, listeners): read again every few seconds
  // while the page is shown, and at once when it is shown again (the read restarts). A failure is
  // told once until a read succeeds again, however often the reads restart.
  const visible = usePageVisible();
  const told = useRef(false);
  const { data: tracks, error, reload } = useApiRead(visible && uid ? (signal) => loadMyTracks(uid, signal) : null, [uid, visible], {
    onError: (err) => {
      if (!told.current) notifyError(RADIO_MSG.loadTracksFailed, err);
      told.current = true;
    },
    everyMs: visible ? TIMINGS_MS.myTracksPoll : undefined,
    retryMs: TIMINGS_MS.readRetry,
  });
  useEffect(() => {
    if (tracks) told.current = false;
  }, [tracks]);
  const all = useRadioSubmissions();
  // An admin's collection holds everyone's submissions: this page shows only the user's own.
  const own = all?.filter((s) => s.user_id === uid);
  const pricing = useRadioPricing();
  const { superAdmin } = useRoles();
  const online = useOnline();
  const sender = useSendToRadio(pricing.reload);
  const [confirming, setConfirming] = useState<MyTrack | null>(null);
  // A row's button that goes away (Feature listing once featured, Send to Radio once sent) hands the
  // focus to the row's next control, or to the row itself when none is left: never to another track's.
  const [root, setRoot] = useState<HTMLElement | null>(null);
  useFocusRescue(root, { keepRow: true });
  // What a send costs this user, as shown and as sent: the API charges only that.
  const uploadCost = superAdmin ? 0 : pricing.upload;
  const cost = superAdmin ? RADIO_MSG.sendFree : RADIO_MSG.sendCost(uploadCost);
  const balance = useBalanceDoc()?.balance ?? null;
  // A balance short of the price is told so at once, rather than asked to confirm a send the API refuses.
  const startSend = (t: MyTrack) => (balance !== null && balance < uploadCost ? sender.refuseShort(t.id, uploadCost) : setConfirming(t));

  const confirm = async () => {
    if (!confirming) return;
    await sender.send(confirming.id, uploadCost);
    setConfirming(null);
  };

  return (
    <section ref={setRoot} className="mx-auto max-w-4xl space-y-6 px-4 py-10">
      <header className="flex items-center gap-3">
        <ListMusic className="size-8 text-fuchsia-400" aria-hidden />
        <div>
          <h1 className="text-3xl font-bold">{RADIO_MSG.myTracksTitle}</h1>
          <p className="text-zinc-400">{RADIO_MSG.myTracksSubtitle}</p>
        </div>
      </header>
      {!online && (
        <p role="status" className="flex items-center gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-sm text-amber-200">
          <WifiOff className="size-4 shrink-0" aria-hidden /> {RADIO_MSG.needsNetwork}
        </p>
      )}
      <Card className="p-6" aria-labelledby="my-tracks-list">
        <h2 id="my-tracks-list" className="sr-only">
          Your tracks
        </h2>
        {tracks === null && !error ? (
          <div className="flex justify-center text-zinc-400" role="status">
            <Loader2 className="size-6 animate-spin" aria-hidden />
            <span className="sr-only">Loading...</span>
          </div>
        ) : !tracks || tracks.length === 0 ? (
          <div className="py-6 text-center">
            <p className="text-zinc-400">{error && !tracks ? RADIO_MSG.loadTracksFailed : RADIO_MSG.noTracks}</p>
            <Link to={PATHS.submit} className={buttonClass('primary', 'mt-4 inline-block px-5 py-2 font-semibold')}>
              {RADIO_MSG.submitFirst}
            </Link>
          </div>
        ) : (
          <ul className="space-y-3">
            {tracks.map((t) => (
              <TrackRow
                key={t.id}
                track={t}
                radioStatus={radioStatusOf(t, own ?? [])}
                cost={cost}
                uploadCost={uploadCost}
                online={online}
                busy={sender.busyId === t.id}
                failure={sender.failures[t.id] ?? null}
                onSend={() => startSend(t)}
                featureCost={pricing.featured}
                onFeatured={reload}
                onPriceChanged={pricing.reload}
              />
            ))}
          </ul>
        )}
      </Card>
      <RadioSubmissionsList submissions={own} />
      <AdForm prices={pricing.ads} free={superAdmin} online={online} onPriceChanged={pricing.reload} />
      {confirming ? (
        <ConfirmDialog
          action={RADIO_MSG.sendToRadio}
          description={RADIO_MSG.confirmSend(confirming.title, cost)}
          busyLabel={RADIO_MSG.sending}
          busy={sender.busyId === confirming.id}
          onConfirm={() => void confirm()}
          onClose={() => setConfirming(null)}
        />
      ) : null}
    </section>
  );
}
