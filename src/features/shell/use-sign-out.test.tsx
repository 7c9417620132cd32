import { screen, waitFor } from '@testing-library/react';
import type { User } from 'firebase/auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@common/messages';
import { markUnsentVotes } from '@/data/unsent-votes';
import { useSession } from '@/lib/session';
import { findToast, focusReturnsTo } from '@/test/render';
import { renderInRouter } from '@/test/router';
import { useSignOut } from './use-sign-out';

// Firebase Auth, the local database and the clip cache are the edges of signing out.
const edges = vi.hoisted(() => ({ pushed: true, signOutUser: vi.fn(async () => undefined), forgetAccount: vi.fn(async () => undefined), dropClipCache: vi.fn(async () => undefined) }));
vi.mock('@/lib/firebase', () => ({ signOutUser: edges.signOutUser }));
vi.mock('@/data/lazy', () => ({ loadDataLayer: async () => ({ votesPushed: async () => edges.pushed, forgetAccount: edges.forgetAccount }) }));
vi.mock('@/lib/clip-bucket', () => ({ dropClipCache: edges.dropClipCache }));

const UID = 'listener-1';

/** The bar's Sign Out button, with the hook's dialog beside it (as nav-bar.tsx has them). */
function SignOutButton() {
  const { signOut, dialog } = useSignOut();
  return (
    <>
      <button type="button" onClick={() => void signOut()}>
        Sign Out
      </button>
      {dialog}
    </>
  );
}

beforeEach(() => {
  localStorage.clear();
  edges.pushed = true;
  vi.clearAllMocks();
  useSession.setState({ user: { uid: UID } as User, ready: true });
});

describe('Sign Out', () => {
  it('with every vote sent, signs out at once, goes home and forgets the user on this device', async () => {
    const { user, router } = await renderInRouter(<SignOutButton />, '/vote');
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await findToast(MSG.signedOut)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(edges.signOutUser).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/');
    expect(edges.forgetAccount).toHaveBeenCalledWith(UID);
    expect(edges.dropClipCache).toHaveBeenCalled();
  });

  it('votes not sent that reach the server while it waits are not asked about', async () => {
    markUnsentVotes(UID);
    const { user } = await renderInRouter(<SignOutButton />, '/vote');
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await findToast(MSG.signedOut)).toBeInTheDocument();
    expect(edges.signOutUser).toHaveBeenCalledTimes(1);
  });

  it('votes that cannot be sent (offline) are asked about: staying keeps the user signed in', async () => {
    markUnsentVotes(UID);
    edges.pushed = false;
    const { user, router } = await renderInRouter(<SignOutButton />, '/vote');
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    const asked = await screen.findByRole('dialog', { name: 'Votes not sent' });
    expect(asked).toHaveAccessibleDescription(MSG.signOutUnsentVotes);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await focusReturnsTo(screen.getByRole('button', { name: 'Sign Out' }));
    expect(edges.signOutUser).not.toHaveBeenCalled();
    expect(edges.forgetAccount).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/vote');
  });

  it('…and signing out anyway loses them', async () => {
    markUnsentVotes(UID);
    edges.pushed = false;
    const { user } = await renderInRouter(<SignOutButton />, '/vote');
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    await screen.findByRole('dialog', { name: 'Votes not sent' });
    await user.click(screen.getAllByRole('button', { name: 'Sign Out' }).at(-1)!);
    expect(await findToast(MSG.signedOut)).toBeInTheDocument();
    await waitFor(() => expect(edges.forgetAccount).toHaveBeenCalledWith(UID));
  });

  it('a sign-out that fails says so, and the user stays', async () => {
    edges.signOutUser.mockRejectedValueOnce(new Error('auth/network-request-failed'));
    const { user, router } = await renderInRouter(<SignOutButton />, '/vote');
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await findToast(MSG.signOutFailed)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/vote');
    expect(edges.forgetAccount).not.toHaveBeenCalled();
  });
});
