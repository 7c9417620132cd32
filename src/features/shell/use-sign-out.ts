import { useNavigate } from '@tanstack/react-router';
import { MSG } from '@common/messages';
import { loadDataLayer } from '@/data/lazy';
import { unsentVotesMark } from '@/data/unsent-votes';
import { useConfirm } from '@/hooks/use-confirm';
import { dropClipCache } from '@/lib/clip-bucket';
import { forgetOwnListingIds } from '@/lib/my-tracks';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSession } from '@/lib/session';

/** How long signing out waits for votes cast on this device to reach the server. */
const PUSH_WAIT_MS = 8_000;

/** What this device keeps of a user: their contest, orders and radio documents, the cached clips, which listings are theirs. */
async function forgetOnDevice(uid: string): Promise<void> {
  forgetOwnListingIds(uid);
  await Promise.all([loadDataLayer().then((layer) => layer.forgetAccount(uid)), dropClipCache()]);
}

/**
 * Sign Out: votes cast on this device go to the server first (if they cannot, offline, the user
 * is asked whether to lose them); then the device forgets the user, so whoever uses it next
 * finds none of their votes, answers, sessions, orders or clips.
 * The caller renders `dialog`, where that question is asked.
 */
export function useSignOut() {
  const navigate = useNavigate();
  const { confirm, dialog } = useConfirm();
  const signOut = async () => {
    try {
      const uid = useSession.getState().user?.uid ?? null;
      if (uid && unsentVotesMark(uid) !== null) {
        const { votesPushed } = await loadDataLayer();
        if (!(await votesPushed(uid, PUSH_WAIT_MS)) && !(await confirm({ title: 'Votes not sent', action: 'Sign Out', description: MSG.signOutUnsentVotes }))) return;
      }
      const { signOutUser } = await import('@/lib/firebase');
      await signOutUser();
      await navigate({ to: '/' });
      if (uid) await forgetOnDevice(uid);
      notifySuccess(MSG.signedOut);
    } catch (err) {
      notifyError(MSG.signOutFailed, err);
    }
  };
  return { signOut, dialog };
}
