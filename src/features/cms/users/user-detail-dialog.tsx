import { formatCount } from '@common/format';
import type { CmsUser } from '@common/accounts/users-messages';
import { MigrationBadge } from '@/components/migration-badge';
import { Dialog, DialogCloseX, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { RoleBadges, UserAvatar } from './user-bits';
import { UserLedger } from './user-ledger';
import { UserRoleControls } from './user-role-controls';
import { TokenAdjustForm } from './token-adjust-form';

type Props = { user: CmsUser; superAdmin: boolean; onChange: (patch: Partial<CmsUser>) => void; onClose: () => void };

/** One user: who they are, their roles and tokens (changeable by super admins) and their ledger. */
export function UserDetailDialog({ user, superAdmin, onChange, onClose }: Props) {
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      placement="right"
      className="w-[min(100vw,36rem)] space-y-6 overflow-y-auto border-l border-zinc-800 bg-zinc-900 p-6 text-zinc-100 shadow-2xl"
    >
      <div className="flex items-start justify-between gap-4">
        <div className="flex items-center gap-3">
          <UserAvatar user={user} size="lg" />
          <div className="min-w-0">
            <DialogTitle className="truncate text-xl font-bold">{user.full_name ?? user.username}</DialogTitle>
            <DialogDescription className="truncate text-sm text-zinc-400">
              @{user.username} · {user.email ?? 'no email'}
            </DialogDescription>
          </div>
        </div>
        <DialogCloseX className="text-zinc-400" />
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-zinc-400">Balance</dt>
          <dd className="text-2xl font-black tabular-nums" data-testid="detail-balance">
            {formatCount(user.balance)}
          </dd>
        </div>
        <div>
          <dt className="text-zinc-400">Migration</dt>
          <dd className="mt-1">
            <MigrationBadge status={user.migration_status} />
          </dd>
        </div>
        <div>
          <dt className="text-zinc-400">Roles</dt>
          <dd className="mt-1">
            <RoleBadges roles={user.roles} />
          </dd>
        </div>
        <div>
          <dt className="text-zinc-400">Signed up</dt>
          <dd>{user.created_at ? new Date(user.created_at).toLocaleString() : '—'}</dd>
        </div>
      </dl>
      {superAdmin ? (
        <>
          <UserRoleControls user={user} onRoles={(roles) => onChange({ roles })} />
          <TokenAdjustForm user={user} onBalance={(balance) => onChange({ balance })} />
        </>
      ) : (
        <p className="rounded-lg border border-zinc-800 p-3 text-sm text-zinc-400">Only super admins can change roles or adjust tokens.</p>
      )}
      <UserLedger userId={user.id} balance={user.balance} />
    </Dialog>
  );
}
