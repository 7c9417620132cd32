import { EMAIL_MSG, type EmailLogEntry, type MailLogState } from '@common/email-messages';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable, TD } from '@/components/ui/table';
import { notifyError } from '@/lib/notify';
import { loadEmailLogs } from './email-api';
import { dateLabel } from '../format';
import { CursorListView } from '../cursor-list-view';
import { useCursorList } from '../use-cursor-list';

const td = `${TD} align-top`;

const STATE: Record<MailLogState, { label: string; tone: string }> = {
  PENDING: { label: 'Pending', tone: 'bg-zinc-400/15 text-zinc-200 ring-zinc-400/40' },
  PROCESSING: { label: 'Sending', tone: 'bg-sky-400/15 text-sky-200 ring-sky-400/40' },
  SUCCESS: { label: 'Sent', tone: 'bg-emerald-400/15 text-emerald-200 ring-emerald-400/40' },
  ERROR: { label: 'Failed', tone: 'bg-red-500/15 text-red-200 ring-red-500/40' },
};

const toastFailure = (err: unknown) => notifyError(EMAIL_MSG.loadLogsFailed, err);

function Row({ e }: { e: EmailLogEntry }) {
  const state = STATE[e.state];
  return (
    <tr data-testid="email-log-row">
      <td className={`${td} whitespace-nowrap text-zinc-300`}>{e.created_at ? dateLabel(e.created_at) : '—'}</td>
      <td className={`${td} max-w-56 break-words`}>{e.recipients.join(', ') || '—'}</td>
      <td className={`${td} max-w-64 break-words`}>
        <span className="block font-medium">{e.subject}</span>
        <span className="block text-xs text-zinc-400">
          {e.topic ?? '—'} · {e.kind}
        </span>
      </td>
      <td className={`${td} whitespace-nowrap`}>
        <Badge className={`inline-block ring-1 ${state.tone}`}>{state.label}</Badge>
        {e.attempts > 1 ? <span className="ml-2 text-xs text-zinc-400">{e.attempts} attempts</span> : null}
      </td>
      <td className={`${td} max-w-64 break-words text-red-200`}>{e.error ?? <span className="text-zinc-400">—</span>}</td>
      <td className={`${td} whitespace-nowrap text-zinc-300`}>{e.ended_at ? dateLabel(e.ended_at) : '—'}</td>
    </tr>
  );
}

/** View Email Logs: every message, newest first, with its delivery state and error. */
export function EmailLogsPanel() {
  const list = useCursorList((cursor, signal) => loadEmailLogs(cursor, signal), [], toastFailure);
  return (
    <section className="space-y-4" aria-labelledby="email-logs">
      <div className="flex items-center justify-between gap-3">
        <h3 id="email-logs" className="font-semibold">
          Email Logs
        </h3>
        <Button look="secondary" onClick={list.reload} className="px-3 py-1.5 text-sm hover:bg-zinc-800">
          Refresh
        </Button>
      </div>
      <CursorListView list={list} empty="No emails sent yet" failed={EMAIL_MSG.loadLogsFailed} more="Older emails">
        <DataTable minWidth="min-w-[56rem]" label="Logged emails" columns={['Created', 'To', 'Subject', 'State', 'Error', 'Finished']}>
          {list.items.map((e) => (
            <Row key={e.id} e={e} />
          ))}
        </DataTable>
      </CursorListView>
    </section>
  );
}
