import { Check, Download, Upload, CalendarClock, X, CloudUpload } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { toast } from '@/lib/toast';
import { TIMINGS_MS } from '@common/constants';
import type { RadioSubmission } from '@common/radio/radio';
import { RADIO_MSG } from '@common/radio/radio-messages';
import { Button } from '@/components/ui/button';
import { afterWrite } from '@/data/lazy';
import { ApiError } from '@/lib/api/api';
import { downloadUrl } from '@/lib/download';
import { notifyError, notifySuccess } from '@/lib/notify';
import { approveSubmission, downloadLink, markUploaded, rejectSubmission, scheduleBroadcast, uploadToStation } from './radio-queue-api';
import { RadioScheduleDialog } from './radio-schedule-dialog';

type Action = 'approve' | 'reject' | 'download' | 'mark' | 'upload' | 'schedule';

const apiMessage = (err: unknown) => (err instanceof ApiError ? err.message : '');
/** The API's refusals of a broadcast time, shown as they are: they say what to fix. */
const TIME_REFUSALS: ReadonlySet<string> = new Set([RADIO_MSG.scheduleInPast, RADIO_MSG.scheduleTooFar]);
const DOWNLOAD_MESSAGES: ReadonlySet<string> = new Set([RADIO_MSG.noAudio, RADIO_MSG.invalidStorageUrl]);

/** Which actions a row offers (spec: Approve/Reject when pending; Download when not uploaded; Schedule when uploaded and unscheduled). */
export function actionsFor(s: RadioSubmission, stationUpload: boolean) {
  const notUploaded = !s.sftp_uploaded;
  const approvedish = s.status === 'approved';
  return {
    moderate: s.status === 'pending',
    download: notUploaded && s.sftp_upload_error === null,
    downloadAgain: s.sftp_upload_error !== null && notUploaded,
    markUploaded: approvedish && notUploaded,
    upload: stationUpload && approvedish && notUploaded,
    schedule: s.sftp_uploaded && s.scheduled_broadcast_time === null,
  };
}

function ActionButton({ onClick, busy, children, tone = 'border-zinc-700 hover:bg-zinc-800' }: { onClick: () => void; busy: boolean; children: ReactNode; tone?: string }) {
  return (
    // Busy, it keeps the focus: disabled, it dropped it to the page's body while the file was made.
    <Button look="bare" onClick={onClick} busy={busy} className={`inline-flex items-center gap-1 whitespace-nowrap rounded-md border px-2.5 py-1.5 text-xs font-semibold ${tone}`}>
      {children}
    </Button>
  );
}

/** The Actions cell of one submission: every write tells replication to pull, so the row updates live. */
export function RadioQueueActions({ submission: s, stationUpload, label }: { submission: RadioSubmission; stationUpload: boolean; label: string }) {
  const [busy, setBusy] = useState<Action | null>(null);
  const [scheduling, setScheduling] = useState(false);
  const show = actionsFor(s, stationUpload);

  /** One action: the call, then its toast; every outcome pulls the queue again. */
  const run = async <T,>(action: Action, call: () => Promise<T>, done: (result: T) => void, failed: (err: unknown) => void): Promise<boolean> => {
    setBusy(action);
    try {
      done(await call());
      return true;
    } catch (err) {
      console.warn(`radio ${action} failed`, err);
      failed(err);
      return false;
    } finally {
      setBusy(null);
      await afterWrite(['radio_submissions']);
    }
  };

  const approve = () =>
    run('approve', () => approveSubmission(s.id), () => notifySuccess(RADIO_MSG.approved), (err) => notifyError(RADIO_MSG.approveFailed, err));
  const reject = () =>
    run('reject', () => rejectSubmission(s.id), () => notifySuccess(RADIO_MSG.rejected), (err) => notifyError(RADIO_MSG.rejectFailed, err));
  const download = () =>
    run(
      'download',
      () => downloadLink(s.id),
      (link) => {
        downloadUrl(link.url);
        toast.success(RADIO_MSG.downloadStarted, { description: RADIO_MSG.downloadHint(link.sftp_path), duration: TIMINGS_MS.downloadToast });
      },
      (err) => {
        const message = apiMessage(err);
        if (DOWNLOAD_MESSAGES.has(message)) notifyError(message);
        else notifyError(RADIO_MSG.error, RADIO_MSG.downloadFailed);
      },
    );
  const mark = () =>
    run('mark', () => markUploaded(s.id), () => notifySuccess(RADIO_MSG.markedUploaded), (err) => notifyError(RADIO_MSG.markUploadedFailed, err));
  const upload = () =>
    run(
      'upload',
      () => uploadToStation(s.id),
      () => notifySuccess(RADIO_MSG.uploadedToStation),
      (err) => notifyError(apiMessage(err) || RADIO_MSG.stationUploadFailed),
    );
  /** True when scheduled, else the time's problem (shown on the field too), or null for another failure. */
  const schedule = async (iso: string): Promise<true | string | null> => {
    let timeProblem: string | null = null;
    const ok = await run(
      'schedule',
      () => scheduleBroadcast(s.id, iso),
      () => notifySuccess(RADIO_MSG.success, RADIO_MSG.scheduled),
      // The spec's texts, unless the time is the problem: then the admin is told what to fix.
      (err) => {
        if (TIME_REFUSALS.has(apiMessage(err))) timeProblem = apiMessage(err);
        notifyError(RADIO_MSG.error, timeProblem ?? RADIO_MSG.scheduleFailed);
      },
    );
    return ok || timeProblem;
  };

  const isBusy = busy !== null;
  return (
    <div className="flex flex-wrap gap-1.5" role="group" aria-label={`Actions for ${label}`}>
      {show.moderate ? (
        <>
          <ActionButton onClick={() => void approve()} busy={isBusy} tone="border-emerald-700 bg-emerald-700 text-white hover:bg-emerald-800">
            <Check className="size-3.5" aria-hidden /> Approve
          </ActionButton>
          <ActionButton onClick={() => void reject()} busy={isBusy}>
            <X className="size-3.5" aria-hidden /> Reject
          </ActionButton>
        </>
      ) : null}
      {show.download || show.downloadAgain ? (
        <ActionButton onClick={() => void download()} busy={isBusy}>
          <Download className="size-3.5" aria-hidden /> {busy === 'download' ? RADIO_MSG.preparingDownload : show.downloadAgain ? RADIO_MSG.downloadAgain : RADIO_MSG.download}
        </ActionButton>
      ) : null}
      {show.markUploaded ? (
        <ActionButton onClick={() => void mark()} busy={isBusy}>
          <CloudUpload className="size-3.5" aria-hidden /> {RADIO_MSG.markUploaded}
        </ActionButton>
      ) : null}
      {show.upload ? (
        <ActionButton onClick={() => void upload()} busy={isBusy} tone="border-fuchsia-500/60 text-fuchsia-100 hover:bg-fuchsia-500/10">
          <Upload className="size-3.5" aria-hidden /> {busy === 'upload' ? RADIO_MSG.uploadingToStation : RADIO_MSG.uploadToStation}
        </ActionButton>
      ) : null}
      {show.schedule ? (
        <ActionButton onClick={() => setScheduling(true)} busy={isBusy}>
          <CalendarClock className="size-3.5" aria-hidden /> {RADIO_MSG.schedule}
        </ActionButton>
      ) : null}
      <RadioScheduleDialog label={label} open={scheduling} onOpenChange={setScheduling} onSchedule={schedule} />
    </div>
  );
}
