import { USERS_MSG, type CmsLedgerEntry } from '@common/accounts/users-messages';
import { notifyError } from '@/lib/notify';
import { dateLabel } from '../format';
import { loadLedger } from './users-api';
import { CursorListView } from '../cursor-list-view';
import { useCursorList } from '../use-cursor-list';

const toastFailure = (err: unknown) => notifyError(USERS_MSG.loadLedgerFailed, err);

/** "admin_grant" → "admin grant". */
const reasonLabel = (reason: string) => reason.replace(/_/g, ' ');

function Entry({ e }: { e: CmsLedgerEntry }) {
  return (
    <li className="flex items-start justify-between gap-3 py-2" data-testid="ledger-entry">
      <div className="min-w-0">
        <p className="font-medium">{reasonLabel(e.reason)}</p>
        {e.note ? <p className="break-words text-sm text-zinc-300">“{e.note}”</p> : null}
        <p className="text-xs text-zinc-400">{dateLabel(e.created_at)}</p>
      </div>
      <div className="shrink-0 text-right tabular-nums">
        <p className={e.delta > 0 ? 'font-semibold text-emerald-300' : 'font-semibold text-red-300'}>{e.delta > 0 ? `+${e.delta}` : `−${-e.delta}`}</p>
        {e.balance_after !== null ? <p className="text-xs text-zinc-400">= {e.balance_after}</p> : null}
      </div>
    </li>
  );
}

/** The user's token ledger, newest first, a page at a time; read again when the balance changes here. */
export function UserLedger({ userId, balance }: { userId: string; balance: number }) {
  const list = useCursorList((cursor, signal) => loadLedger(userId, cursor, signal), [userId, balance], toastFailure);
  return (
    <section aria-labelledby="user-ledger" className="space-y-2">
      <h3 id="user-ledger" className="font-semibold">
        Token ledger
      </h3>
      <CursorListView list={list} empty="No ledger entries" failed={USERS_MSG.loadLedgerFailed} more="Older entries" small>
        <ul className="divide-y divide-zinc-800" aria-label="Ledger entries">
          {list.items.map((e) => (
            <Entry key={e.id} e={e} />
          ))}
        </ul>
      </CursorListView>
    </section>
  );
}
