import { useState } from 'react';
import { ROLE_LABELS, USERS_MSG, type CmsUser } from '@common/accounts/users-messages';
import { Button } from '@/components/ui/button';
import { afterWrite } from '@/data/lazy';
import { useConfirm } from '@/hooks/use-confirm';
import { useSession } from '@/lib/session';
import { notifyError, notifySuccess } from '@/lib/notify';
import { changeRole, type RoleChange } from './users-api';

const ROLES = ['admin', 'super_admin'] as const;

/** Grant or remove admin and super admin (super admins only). One's own super admin role cannot be removed. */
export function UserRoleControls({ user, onRoles }: { user: CmsUser; onRoles: (roles: CmsUser['roles']) => void }) {
  const me = useSession((s) => s.user?.uid ?? null);
  const [busy, setBusy] = useState(false);
  const { confirm, dialog } = useConfirm();
  const run = async (change: RoleChange, label: string) => {
    // A role is the keys to the CMS: one click on the wrong row must not hand them over or take them away.
    if (!(await confirm({ action: label, description: USERS_MSG.confirmRole(change.action, change.role, user.username) }))) return;
    setBusy(true);
    try {
      const res = await changeRole(change);
      onRoles(res.roles);
      notifySuccess(change.action === 'grant' ? USERS_MSG.roleGranted(ROLE_LABELS[change.role]!) : USERS_MSG.roleRevoked(ROLE_LABELS[change.role]!));
      if (change.user_id === me) void afterWrite(['user_roles']);
    } catch (err) {
      notifyError(USERS_MSG.updateRoleFailed, err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="role-controls" className="space-y-3">
      <h3 id="role-controls" className="font-semibold">
        Roles
      </h3>
      <div className="flex flex-wrap gap-2">
        {ROLES.map((role) => {
          const has = user.roles.includes(role);
          const ownSuper = has && role === 'super_admin' && user.id === me;
          const label = `${has ? 'Remove' : 'Grant'} ${ROLE_LABELS[role]}`;
          return (
            <Button
              key={role}
              look={has ? 'secondary' : 'primary'}
              disabled={ownSuper}
              busy={busy}
              aria-describedby={ownSuper ? 'own-super-admin' : undefined}
              onClick={() => void run({ user_id: user.id, role, action: has ? 'revoke' : 'grant' }, label)}
              className="px-3 py-1.5 text-sm font-semibold hover:opacity-90 disabled:opacity-50"
            >
              {label}
            </Button>
          );
        })}
      </div>
      {user.id === me && user.roles.includes('super_admin') ? (
        <p id="own-super-admin" className="text-xs text-amber-300">
          {USERS_MSG.ownSuperAdminHint}
        </p>
      ) : null}
      {dialog}
    </section>
  );
}
