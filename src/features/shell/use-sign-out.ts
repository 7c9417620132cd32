import { useNavigate } from '@tanstack/react-router';
import { signOut } from 'firebase/auth';
import { MSG } from '@common/messages';
import { auth } from '@/lib/firebase';
import { notifyError, notifySuccess } from '@/lib/notify';

export function useSignOut() {
  const navigate = useNavigate();
  return async () => {
    try {
      await signOut(auth);
      notifySuccess(MSG.signedOut);
      await navigate({ to: '/' });
    } catch (err) {
      notifyError(MSG.signOutFailed, err);
    }
  };
}
