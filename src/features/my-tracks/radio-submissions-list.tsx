import type { RadioSubmission } from '@common/radio/radio';
import { RADIO_MSG } from '@common/radio/radio-messages';
import { localDateTime, PaymentBadge, RadioStatusBadge } from '@/components/radio-badges';
import { Card } from '@/components/ui/card';

const label = (s: RadioSubmission) =>
  s.submission_type === 'music'
    ? `${s.track_title ?? 'Track'} — ${s.track_artist ?? ''}`
    : `${RADIO_MSG.advertisement}: ${s.track_title ?? ''} (${(s.ad_tier ?? '').toUpperCase()}, ${s.ad_duration_seconds ?? '?'} s)`;

/** The user's own radio submissions (music and ads), live from RxDB. */
export function RadioSubmissionsList({ submissions }: { submissions: RadioSubmission[] | undefined }) {
  return (
    <Card className="p-6" aria-labelledby="radio-submissions">
      <h2 id="radio-submissions" className="text-xl font-bold">{RADIO_MSG.submissionsTitle}</h2>
      {submissions === undefined ? (
        <p className="py-4 text-zinc-400" role="status">Loading...</p>
      ) : submissions.length === 0 ? (
        <p className="py-4 text-zinc-400">{RADIO_MSG.noSubmissions}</p>
      ) : (
        <ul className="mt-4 divide-y divide-zinc-800">
          {submissions.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center gap-3 py-3 text-sm" data-testid="radio-submission">
              {/* At least 12rem before the badges wrap below it: on a phone the name keeps a readable width. */}
              <span className="min-w-48 flex-1 break-words font-medium">{label(s)}</span>
              <RadioStatusBadge status={s.status} />
              <PaymentBadge submission={s} />
              <span className="text-zinc-400">
                <span className="sr-only">Scheduled: </span>
                {localDateTime(s.scheduled_broadcast_time)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
