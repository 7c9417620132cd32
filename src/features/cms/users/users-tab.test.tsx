import { screen, within } from '@testing-library/react';
import type { User } from 'firebase/auth';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CmsLedgerEntry, CmsUser } from '@common/accounts/users-messages';
import { useSession } from '@/lib/session';
import { apiError, stubApi, type SentRequest } from '@/test/api';
import { findToast, focusReturnsTo, renderUi } from '@/test/render';
import { UsersTab } from './users-tab';

const member = (over: Partial<CmsUser> = {}): CmsUser => ({
  id: 'u-nova',
  username: 'nova',
  full_name: 'Nova Reyes',
  avatar_url: null,
  email: 'nova@demo.test',
  roles: ['user'],
  balance: 50,
  created_at: '2025-01-01T00:00:00.000Z',
  migration_status: 'pre_migration',
  ...over,
});
const PIXEL = member({ id: 'u-pixel', username: 'pixel', full_name: null, email: 'pixel@demo.test', balance: 7 });
const LEDGER: CmsLedgerEntry[] = [
  { id: 'l2', delta: -10, reason: 'vote_session', note: null, ref: null, balance_after: 40, created_at: '2025-01-03T00:00:00.000Z' },
  { id: 'l1', delta: 50, reason: 'admin_adjust', note: 'Contest prize', ref: null, balance_after: 50, created_at: '2025-01-02T00:00:00.000Z' },
];

/** The API of Users & Roles: a search by username prefix, two users a page, and each user's ledger. */
function usersApi(all: CmsUser[] = [member(), PIXEL, member({ id: 'u-reed', username: 'reed', full_name: 'Reed' })]) {
  return stubApi(({ path }: SentRequest) => {
    const url = new URL(path, 'http://app.test');
    if (url.pathname === '/cms/users') {
      const q = url.searchParams.get('q') ?? '';
      const found = all.filter((u) => u.username.startsWith(q.toLowerCase()));
      const from = Number(url.searchParams.get('cursor') ?? 0);
      const next = from + 2 < found.length ? String(from + 2) : null;
      return { body: { items: found.slice(from, from + 2), next } };
    }
    if (url.pathname.endsWith('/ledger')) return { body: { items: LEDGER, next: null } };
    return undefined;
  });
}

const row = (username: string) => screen.getByRole('row', { name: username });

beforeEach(() => {
  useSession.setState({ user: { uid: 'u-super' } as User, ready: true });
});

describe('CMS Users & Roles', () => {
  it('lists users a page at a time with their email, roles and balance', async () => {
    const sent = usersApi();
    const { user } = renderUi(<UsersTab superAdmin />);
    expect(await screen.findByRole('row', { name: 'nova' })).toHaveTextContent('nova@demo.test');
    expect(within(row('nova')).getByTestId('user-balance')).toHaveTextContent('50');
    expect(within(row('pixel')).getByTestId('user-balance')).toHaveTextContent('7');
    expect(screen.queryByRole('row', { name: 'reed' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more users' }));
    expect(await screen.findByRole('row', { name: 'reed' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more users' })).not.toBeInTheDocument();
    expect(sent.map((r) => r.path)).toEqual(['/cms/users', '/cms/users?cursor=2']);
  });

  it('a search asks the server and says what it found', async () => {
    const sent = usersApi();
    const { user } = renderUi(<UsersTab superAdmin />);
    await screen.findByRole('row', { name: 'nova' });
    await user.type(screen.getByRole('searchbox', { name: 'Search by username or email' }), '  PIX {Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('1 user found');
    expect(screen.getAllByTestId('user-row')).toHaveLength(1);
    expect(sent.at(-1)!.path).toBe('/cms/users?q=PIX');
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'zed{Enter}');
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('No matching users');
  });

  it('a list that cannot load says so, and Try Again reads it again', async () => {
    let fail = true;
    stubApi(({ path }) => (fail ? apiError(500, 'Internal error') : path.startsWith('/cms/users') ? { body: { items: [member()], next: null } } : undefined));
    const { user } = renderUi(<UsersTab superAdmin />);
    expect(await findToast('Failed to load users')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('row', { name: 'nova' })).toBeInTheDocument();
  });

  it('Open shows the user’s sheet: who they are, balance, roles and their ledger', async () => {
    usersApi();
    const { user } = renderUi(<UsersTab superAdmin />);
    await user.click(await screen.findByRole('button', { name: 'Open nova' }));
    const sheet = screen.getByRole('dialog', { name: 'Nova Reyes' });
    expect(sheet).toHaveAccessibleDescription('@nova · nova@demo.test');
    expect(within(sheet).getByTestId('detail-balance')).toHaveTextContent('50');
    expect(within(sheet).getByText('Pre-Migration')).toBeInTheDocument();
    const entries = await within(sheet).findAllByTestId('ledger-entry');
    expect(entries.map((e) => e.textContent)).toEqual([expect.stringMatching(/^vote session.*−10= 40$/), expect.stringMatching(/^admin adjust“Contest prize”.*\+50= 50$/)]);
    // A super admin can change roles and tokens here.
    expect(within(sheet).getByRole('button', { name: 'Grant admin' })).toBeInTheDocument();
    expect(within(sheet).getByRole('group', { name: 'Quick amounts' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await focusReturnsTo(screen.getByRole('button', { name: 'Open nova' }));
  });

  it('an admin who is not a super admin reads the sheet but cannot change roles or tokens', async () => {
    usersApi();
    const { user } = renderUi(<UsersTab superAdmin={false} />);
    await user.click(await screen.findByRole('button', { name: 'Open pixel' }));
    const sheet = screen.getByRole('dialog', { name: 'pixel' });
    expect(sheet).toHaveTextContent('Only super admins can change roles or adjust tokens.');
    expect(within(sheet).queryByRole('button', { name: 'Grant admin' })).not.toBeInTheDocument();
    expect(within(sheet).queryByRole('button', { name: 'Add 10 tokens' })).not.toBeInTheDocument();
  });

  it('a token adjustment in the sheet shows in the table’s balance too', async () => {
    usersApi();
    const { user } = renderUi(<UsersTab superAdmin />);
    await user.click(await screen.findByRole('button', { name: 'Open nova' }));
    const sheet = screen.getByRole('dialog', { name: 'Nova Reyes' });
    const sent = stubApi(({ path }) => (path === '/admin/tokens/adjust' ? { body: { user_id: 'u-nova', balance: 60 } } : { body: { items: LEDGER, next: null } }));
    await user.type(within(sheet).getByLabelText('Reason'), 'Contest prize');
    await user.click(within(sheet).getByRole('button', { name: 'Add 10 tokens' }));
    expect(await findToast('Added 10 tokens; balance 60')).toBeInTheDocument();
    expect(within(sheet).getByTestId('detail-balance')).toHaveTextContent('60');
    expect(within(screen.getByRole('row', { name: 'nova', hidden: true })).getByTestId('user-balance')).toHaveTextContent('60');
    expect(sent[0]).toEqual({ method: 'POST', path: '/admin/tokens/adjust', body: { user_id: 'u-nova', delta: 10, note: 'Contest prize' } });
    // The ledger is read again for the new balance.
    expect(sent[1]!.path).toBe('/cms/users/u-nova/ledger');
  });
});
