import { screen } from '@testing-library/react';
import type { User } from 'firebase/auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { USERS_MSG, type CmsUser } from '@common/accounts/users-messages';
import { useSession } from '@/lib/session';
import { apiError, stubApi } from '@/test/api';
import { findToast, renderUi } from '@/test/render';
import { TokenAdjustForm } from './token-adjust-form';

vi.mock('@/data/lazy', () => ({ afterWrite: vi.fn(async () => undefined) }));

const NOVA: CmsUser = { id: 'u-nova', username: 'nova', full_name: null, avatar_url: null, email: null, roles: ['user'], balance: 50, created_at: null, migration_status: 'pre_migration' };

beforeEach(() => {
  useSession.setState({ user: { uid: 'u-super' } as User, ready: true });
});

describe('adjusting a user’s tokens', () => {
  it('needs a reason first: every amount waits for one', async () => {
    const { user } = renderUi(<TokenAdjustForm user={NOVA} onBalance={() => undefined} />);
    expect(screen.getByLabelText('Reason')).toHaveAccessibleDescription(USERS_MSG.reasonRequired);
    for (const name of ['Add 10 tokens', 'Add 50 tokens', 'Add 100 tokens', 'Deduct 10 tokens', 'Deduct 50 tokens']) expect(screen.getByRole('button', { name })).toBeDisabled();
    await user.type(screen.getByLabelText('Custom amount'), '5');
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await user.type(screen.getByLabelText('Reason'), 'Contest prize');
    expect(screen.getByRole('button', { name: 'Deduct 50 tokens' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeEnabled();
  });

  it('a quick amount sends the delta with the reason, and shows the new balance', async () => {
    const sent = stubApi(() => ({ body: { user_id: 'u-nova', balance: 40 } }));
    const onBalance = vi.fn();
    const { user } = renderUi(<TokenAdjustForm user={NOVA} onBalance={onBalance} />);
    await user.type(screen.getByLabelText('Reason'), '  Refund  ');
    await user.click(screen.getByRole('button', { name: 'Deduct 10 tokens' }));
    expect(await findToast('Deducted 10 tokens; balance 40')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'POST', path: '/admin/tokens/adjust', body: { user_id: 'u-nova', delta: -10, note: 'Refund' } }]);
    expect(onBalance).toHaveBeenCalledWith(40);
  });

  it('a custom amount that is not a whole number within the limit is refused here, under the field', async () => {
    const sent = stubApi(() => undefined);
    const { user } = renderUi(<TokenAdjustForm user={NOVA} onBalance={() => undefined} />);
    await user.type(screen.getByLabelText('Reason'), 'Bonus');
    for (const amount of ['2.5', '0', '1000001']) {
      await user.clear(screen.getByLabelText('Custom amount'));
      await user.type(screen.getByLabelText('Custom amount'), `${amount}{Enter}`);
      expect(screen.getByLabelText('Custom amount')).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByLabelText('Custom amount')).toHaveAccessibleDescription(expect.stringContaining(USERS_MSG.adjustAmount));
      expect(screen.getByLabelText('Custom amount')).toHaveFocus();
    }
    expect(sent).toEqual([]);
    // Typing again clears the complaint.
    await user.type(screen.getByLabelText('Custom amount'), '1');
    expect(screen.getByLabelText('Custom amount')).not.toHaveAttribute('aria-invalid');
  });

  it('the server’s refusal of a custom amount shows under it; an accepted one empties the field', async () => {
    let refuse = true;
    const sent = stubApi(() => (refuse ? apiError(409, 'The balance cannot go below 0') : { body: { user_id: 'u-nova', balance: 1050 } }));
    const { user } = renderUi(<TokenAdjustForm user={NOVA} onBalance={() => undefined} />);
    await user.type(screen.getByLabelText('Reason'), 'Correction');
    await user.type(screen.getByLabelText('Custom amount'), '-500');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await findToast(USERS_MSG.adjustFailed)).toBeInTheDocument();
    expect(screen.getByLabelText('Custom amount')).toHaveAccessibleDescription(expect.stringContaining('The balance cannot go below 0'));
    expect(screen.getByLabelText('Custom amount')).toHaveValue(-500);
    refuse = false;
    await user.clear(screen.getByLabelText('Custom amount'));
    await user.type(screen.getByLabelText('Custom amount'), '1000{Enter}');
    expect(await findToast('Added 1000 tokens; balance 1050')).toBeInTheDocument();
    expect(screen.getByLabelText('Custom amount')).toHaveValue(null);
    expect(sent.map((r) => r.body)).toEqual([
      { user_id: 'u-nova', delta: -500, note: 'Correction' },
      { user_id: 'u-nova', delta: 1000, note: 'Correction' },
    ]);
  });
});
