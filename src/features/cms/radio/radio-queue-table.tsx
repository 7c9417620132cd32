import type { RadioSubmission } from '@common/radio/radio';
import { RADIO_MSG } from '@common/radio/radio-messages';
import { localDateTime, PaymentBadge, RadioStatusBadge } from '@/components/radio-badges';
import { DataTable, TD } from '@/components/ui/table';
import { RadioQueueActions } from './radio-queue-actions';

const td = `${TD} align-middle`;

/** What a row is, in words: the track (music) or the ad's tier and length. */
export const submissionLabel = (s: RadioSubmission) =>
  s.submission_type === 'music' ? `${s.track_title ?? ''} — ${s.track_artist ?? ''}` : `${(s.ad_tier ?? '').toUpperCase()} Ad (${s.ad_duration_seconds ?? '?'} s)`;

function Sftp({ s }: { s: RadioSubmission }) {
  if (s.sftp_uploaded) return <span className="text-emerald-300">Uploaded</span>;
  if (s.sftp_upload_error)
    return (
      <span className="text-red-300" title={s.sftp_upload_error}>
        Failed
        <span className="block max-w-48 truncate text-xs text-red-200">{s.sftp_upload_error}</span>
      </span>
    );
  return <span className="text-zinc-300">Pending</span>;
}

/** One queue (music or ads): the spec's seven columns, or its empty text. */
export function RadioQueueTable({ kind, rows, stationUpload }: { kind: 'music' | 'advertisement'; rows: RadioSubmission[]; stationUpload: boolean }) {
  if (rows.length === 0) return <p className="py-8 text-center text-zinc-400">{kind === 'music' ? RADIO_MSG.noMusic : RADIO_MSG.noAds}</p>;
  return (
    <DataTable minWidth="min-w-[60rem]" columns={[kind === 'music' ? 'Track' : 'Ad Details', 'User', 'Status', 'Payment', 'SFTP Upload', 'Scheduled Time', 'Actions']}>
      {rows.map((s) => (
        <tr key={s.id} data-testid="radio-row">
          <td className={td}>
            {kind === 'music' ? (
              <div className="min-w-0">
                <p className="max-w-56 truncate font-medium">{s.track_title}</p>
                <p className="max-w-56 truncate text-zinc-400">{s.track_artist}</p>
              </div>
            ) : (
              <div className="min-w-0">
                <p className="font-medium">{(s.ad_tier ?? '').toUpperCase()}</p>
                <p className="text-zinc-400">Ad ({s.ad_duration_seconds} s)</p>
                {s.track_title ? <p className="max-w-56 truncate text-xs text-zinc-400">{s.track_title}</p> : null}
              </div>
            )}
          </td>
          <td className={`${td} max-w-40 truncate font-mono text-xs text-zinc-300`} title={s.user_id}>
            {s.user_id}
          </td>
          <td className={td}>
            <RadioStatusBadge status={s.status} />
          </td>
          <td className={td}>
            <PaymentBadge submission={s} />
          </td>
          <td className={td}>
            <Sftp s={s} />
          </td>
          <td className={`${td} whitespace-nowrap text-zinc-300`}>{localDateTime(s.scheduled_broadcast_time)}</td>
          <td className={td}>
            <RadioQueueActions submission={s} stationUpload={stationUpload} label={submissionLabel(s)} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
