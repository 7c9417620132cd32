import { screen } from '@testing-library/react';
import type { User } from 'firebase/auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { USERS_MSG, type CmsUser } from '@common/accounts/users-messages';
import { useSession } from '@/lib/session';
import { apiError, stubApi } from '@/test/api';
import { findToast, focusReturnsTo, renderUi } from '@/test/render';
import { UserRoleControls } from './user-role-controls';

vi.mock('@/data/lazy', () => ({ afterWrite: vi.fn(async () => undefined) }));

const NOVA: CmsUser = { id: 'u-nova', username: 'nova', full_name: null, avatar_url: null, email: 'nova@demo.test', roles: ['user'], balance: 0, created_at: null, migration_status: 'pre_migration' };
const GRANT_QUESTION = 'Grant admin to @nova? An admin moderates tracks and manages listings, the radio queue and email. They will get an email about it.';

beforeEach(() => {
  useSession.setState({ user: { uid: 'u-super' } as User, ready: true });
});

describe('role controls', () => {
  it('a grant is asked first; cancelled, nothing is sent and the button keeps the focus', async () => {
    const sent = stubApi(() => undefined);
    const { user } = renderUi(<UserRoleControls user={NOVA} onRoles={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Grant admin' }));
    const asked = await screen.findByRole('dialog', { name: 'Grant admin' });
    expect(asked).toHaveAccessibleDescription(GRANT_QUESTION);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent).toEqual([]);
    await focusReturnsTo(screen.getByRole('button', { name: 'Grant admin' }));
  });

  it('confirmed, the grant is sent and the new roles come back', async () => {
    const sent = stubApi(() => ({ body: { user_id: 'u-nova', roles: ['user', 'admin'] } }));
    const onRoles = vi.fn();
    const { user } = renderUi(<UserRoleControls user={NOVA} onRoles={onRoles} />);
    await user.click(screen.getByRole('button', { name: 'Grant admin' }));
    const confirmButton = screen.getAllByRole('button', { name: 'Grant admin' }).at(-1)!;
    await user.click(confirmButton);
    expect(await findToast('Granted admin')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'POST', path: '/admin/roles', body: { user_id: 'u-nova', role: 'admin', action: 'grant' } }]);
    expect(onRoles).toHaveBeenCalledWith(['user', 'admin']);
  });

  it('a removal says what the user loses, and a refusal is told', async () => {
    stubApi(() => apiError(403, 'Only super admins can change roles'));
    const { user } = renderUi(<UserRoleControls user={{ ...NOVA, roles: ['user', 'super_admin'] }} onRoles={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Remove super admin' }));
    expect(await screen.findByRole('dialog', { name: 'Remove super admin' })).toHaveAccessibleDescription(
      'Remove super admin from @nova? They will no longer be able to use what it allows.',
    );
    // By keyboard: the dialog opens on its X, then Cancel, then the action.
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.keyboard('{Tab}');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Tab}');
    expect(screen.getAllByRole('button', { name: 'Remove super admin' }).at(-1)).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await findToast(USERS_MSG.updateRoleFailed)).toBeInTheDocument();
    expect(screen.getByText('Only super admins can change roles')).toBeInTheDocument();
  });

  it('one’s own super admin role cannot be removed here, and it says why', () => {
    renderUi(<UserRoleControls user={{ ...NOVA, id: 'u-super', roles: ['user', 'super_admin'] }} onRoles={() => undefined} />);
    const remove = screen.getByRole('button', { name: 'Remove super admin' });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAccessibleDescription(USERS_MSG.ownSuperAdminHint);
  });
});
