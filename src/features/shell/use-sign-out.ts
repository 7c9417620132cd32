import { useNavigate } from '@tanstack/react-router';
import { MSG } from '@common/messages';
import { notifyError, notifySuccess } from '@/lib/notify';

export function useSignOut() {
  const navigate = useNavigate();
  return async () => {
    try {
      const { signOutUser } = await import('@/lib/firebase');
      await signOutUser();
      notifySuccess(MSG.signedOut);
      await navigate({ to: '/' });
    } catch (err) {
      notifyError(MSG.signOutFailed, err);
    }
  };
}
