import { USER_SEARCH_MAX } from '@common/constants';
import { formatCount } from '@common/format';
import { Search, Users } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { USERS_MSG, type CmsUser } from '@common/accounts/users-messages';
import { MigrationBadge } from '@/components/migration-badge';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { INPUT } from '@/components/ui/field';
import { ACTIONS_COLUMN, DataTable, TD } from '@/components/ui/table';
import { notifyError } from '@/lib/notify';
import { UserDetailDialog } from './user-detail-dialog';
import { RoleBadges, UserAvatar } from './user-bits';
import { loadUsers } from './users-api';
import { useCursorList } from '../use-cursor-list';

const td = `${TD} align-middle`;

const toastLoadFailure = (err: unknown) => notifyError(USERS_MSG.loadFailed, err);

function UserRow({ user, onOpen }: { user: CmsUser; onOpen: () => void }) {
  return (
    <tr data-testid="user-row" aria-label={user.username}>
      <td className={td}>
        <div className="flex items-center gap-3">
          <UserAvatar user={user} />
          <div className="min-w-0">
            <p className="max-w-48 truncate font-medium">{user.full_name ?? user.username}</p>
            <p className="max-w-48 truncate text-xs text-zinc-400">@{user.username}</p>
          </div>
        </div>
      </td>
      <td className={`${td} max-w-56 truncate text-zinc-300`}>{user.email ?? '—'}</td>
      <td className={td}>
        <RoleBadges roles={user.roles} />
      </td>
      <td className={`${td} font-semibold tabular-nums`} data-testid="user-balance">
        {formatCount(user.balance)}
      </td>
      <td className={`${td} text-zinc-300`}>{user.created_at ? new Date(user.created_at).toLocaleDateString() : '—'}</td>
      <td className={td}>
        <MigrationBadge status={user.migration_status} />
      </td>
      <td className={td}>
        <button type="button" onClick={onOpen} className={buttonClass('secondary', 'px-3 py-1.5 text-xs font-semibold hover:bg-zinc-800')} aria-label={`Open ${user.username}`}>
          Open
        </button>
      </td>
    </tr>
  );
}

/** What a search found, for screen readers: 'No matching users', '1 user found', '25+ users found' (more to load). */
export const searchOutcome = (count: number, more: boolean): string =>
  count === 0 ? 'No matching users' : `${count}${more ? '+' : ''} ${count === 1 && !more ? 'user' : 'users'} found`;

/**
 * Users & Roles: User Management (issue 11). Every admin sees the list, searches it and opens a
 * user's ledger; super admins also change roles and adjust tokens there.
 */
export function UsersTab({ superAdmin }: { superAdmin: boolean }) {
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const [patches, setPatches] = useState<Record<string, Partial<CmsUser>>>({});
  const list = useCursorList((cursor, signal) => loadUsers(search, cursor, signal), [search], toastLoadFailure);
  const users = list.items.map((u) => ({ ...u, ...patches[u.id] }));
  const open = users.find((u) => u.id === openId) ?? null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSearch(draft.trim());
  };

  return (
    <Card className="space-y-4 p-6" aria-labelledby="user-management">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="user-management" className="flex items-center gap-2 text-xl font-bold">
          <Users className="size-5 text-fuchsia-400" aria-hidden /> User Management
        </h2>
        <form role="search" onSubmit={submit} className="flex w-full max-w-md gap-2">
          <input
            type="search"
            aria-label="Search by username or email"
            placeholder="Search by username or email"
            value={draft}
            maxLength={USER_SEARCH_MAX}
            onChange={(e) => setDraft(e.target.value)}
            className={INPUT}
          />
          <Button type="submit" className="inline-flex items-center gap-1.5 px-4 py-2 font-semibold">
            {/* On a phone the icon alone, so the field shows its whole placeholder. */}
            <Search className="size-4" aria-hidden /> <span className="max-sm:sr-only">Search</span>
          </Button>
        </form>
      </div>
      <p className="text-xs text-zinc-400">Usernames match from their start, in any case; emails match from their start exactly as typed.</p>
      {/* A search's outcome, read out: the table changing says nothing by itself. */}
      <p role="status" className="sr-only" data-testid="user-search-outcome">
        {search && !list.loading && !list.failed ? searchOutcome(users.length, list.hasMore) : ''}
      </p>
      {list.loading && users.length === 0 ? (
        <p className="py-8 text-center text-zinc-400">Loading users...</p>
      ) : list.failed ? (
        <div className="py-8 text-center text-zinc-400">
          <p>{USERS_MSG.loadFailed}</p>
          <Button look="secondary" onClick={list.reload} className="mt-3 px-4 py-2 hover:bg-zinc-800">
            Try Again
          </Button>
        </div>
      ) : users.length === 0 ? (
        <p className="py-8 text-center text-zinc-400">No users found</p>
      ) : (
        <DataTable minWidth="min-w-[56rem]" busy={list.loading} columns={['User', 'Email', 'Roles', 'Balance', 'Signed Up', 'Migration', ACTIONS_COLUMN]}>
          {users.map((u) => (
            <UserRow key={u.id} user={u} onOpen={() => setOpenId(u.id)} />
          ))}
        </DataTable>
      )}
      {list.hasMore ? (
        <div className="text-center">
          <Button look="secondary" onClick={() => void list.loadMore()} disabled={list.loadingMore} className="px-4 py-2 hover:bg-zinc-800 disabled:opacity-50">
            {list.loadingMore ? 'Loading...' : 'Load more users'}
          </Button>
        </div>
      ) : null}
      {open ? (
        <UserDetailDialog
          user={open}
          superAdmin={superAdmin}
          onChange={(patch) => setPatches((p) => ({ ...p, [open.id]: { ...p[open.id], ...patch } }))}
          onClose={() => setOpenId(null)}
        />
      ) : null}
    </Card>
  );
}
