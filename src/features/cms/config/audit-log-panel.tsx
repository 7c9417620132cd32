import { ScrollText } from 'lucide-react';
import { USERS_MSG, type AuditPerson, type CmsAuditEntry } from '@common/accounts/users-messages';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DataTable, TD } from '@/components/ui/table';
import { notifyError } from '@/lib/notify';
import { auditLines } from './audit-format';
import { dateLabel } from '../format';
import { loadAudit } from '../users/users-api';
import { CursorListView } from '../cursor-list-view';
import { useCursorList } from '../use-cursor-list';

const td = `${TD} align-top`;

const toastFailure = (err: unknown) => notifyError(USERS_MSG.loadAuditFailed, err);

const ACTIONS: Record<string, string> = {
  'config.update': 'Config updated',
  'role.grant': 'Role granted',
  'role.revoke': 'Role removed',
  'tokens.adjust': 'Tokens adjusted',
  'migration.run': 'Migration run',
  'migration.claim': 'Token claim settled',
  'mail.template': 'Email template saved',
  'mail.campaign': 'Email campaign',
  'track.approve': 'Track approved',
  'track.reject': 'Track rejected',
  'track.edit': 'Track edited',
  'track.delete': 'Track deleted',
  'listing.create': 'Listing created',
  'listing.edit': 'Listing edited',
  'listing.delete': 'Listing deleted',
  'radio.approve': 'Radio approved',
  'radio.reject': 'Radio rejected',
  'radio.upload': 'Radio marked uploaded',
  'radio.schedule': 'Radio scheduled',
};

function Person({ p }: { p: AuditPerson | null }) {
  if (!p) return <span className="text-zinc-400">—</span>;
  return (
    <span className="block max-w-48">
      <span className="block truncate font-medium">{p.username ? `@${p.username}` : p.id}</span>
      {p.email ? <span className="block truncate text-xs text-zinc-400">{p.email}</span> : null}
    </span>
  );
}

function Row({ e }: { e: CmsAuditEntry }) {
  return (
    <tr data-testid="audit-row">
      <td className={`${td} whitespace-nowrap text-zinc-300`}>{dateLabel(e.created_at)}</td>
      <td className={td}>
        <Person p={e.actor} />
      </td>
      <td className={`${td} whitespace-nowrap`}>{ACTIONS[e.action] ?? e.action}</td>
      <td className={td}>
        <Person p={e.target} />
      </td>
      <td className={`${td} max-w-72 break-words tabular-nums`}>
        {auditLines(e.before, e.after).map((line, i) => (
          <span key={i} className="block">
            {line}
          </span>
        ))}
      </td>
      <td className={`${td} max-w-56 break-words text-zinc-300`}>{e.reason ?? '—'}</td>
    </tr>
  );
}

/** The audit log (super admins): every config, role, token, migration and email change, and moderation of tracks, listings and the radio queue, newest first. */
export function AuditLogPanel() {
  const list = useCursorList((cursor, signal) => loadAudit(cursor, signal), [], toastFailure);
  return (
    <Card className="space-y-4 p-6" aria-labelledby="audit-log">
      <div className="flex items-center justify-between gap-3">
        <h2 id="audit-log" className="flex items-center gap-2 text-xl font-bold">
          <ScrollText className="size-5 text-fuchsia-400" aria-hidden /> Audit Log
        </h2>
        <Button look="secondary" onClick={list.reload} className="px-3 py-1.5 text-sm hover:bg-zinc-800">
          Refresh
        </Button>
      </div>
      <CursorListView list={list} empty="No changes recorded yet" failed={USERS_MSG.loadAuditFailed} more="Older changes">
        <DataTable minWidth="min-w-[56rem]" label="Audit entries" columns={['When', 'Who', 'Action', 'Target', 'Before → After', 'Reason']}>
          {list.items.map((e) => (
            <Row key={e.id} e={e} />
          ))}
        </DataTable>
      </CursorListView>
    </Card>
  );
}
