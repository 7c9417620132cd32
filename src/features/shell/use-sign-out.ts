import { useNavigate } from '@tanstack/react-router';
import { MSG } from '@common/messages';
import { notifyError, notifySuccess } from '@/lib/notify';
import { loadAuth } from '@/lib/session';

export function useSignOut() {
  const navigate = useNavigate();
  return async () => {
    try {
      const [{ signOut }, auth] = await Promise.all([import('firebase/auth'), loadAuth()]);
      await signOut(auth);
      notifySuccess(MSG.signedOut);
      await navigate({ to: '/' });
    } catch (err) {
      notifyError(MSG.signOutFailed, err);
    }
  };
}
