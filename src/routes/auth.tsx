import { createFileRoute } from '@tanstack/react-router';
import { ErrorScreen } from '@/components/error-screen';
import { AuthPage } from '@/features/auth/auth-page';

type AuthSearch = { ref?: string; mode?: 'signin' | 'signup' };

/** ?ref= (a referrer's username) and ?mode=signin|signup; anything else is dropped. */
function search(raw: Record<string, unknown>): AuthSearch {
  const ref = typeof raw.ref === 'string' && raw.ref.length <= 40 ? raw.ref : undefined;
  const mode = raw.mode === 'signin' || raw.mode === 'signup' ? raw.mode : undefined;
  return { ...(ref ? { ref } : {}), ...(mode ? { mode } : {}) };
}

export const Route = createFileRoute('/auth')({
  validateSearch: search,
  component: AuthRoute,
  errorComponent: ErrorScreen,
});

function AuthRoute() {
  const { ref, mode } = Route.useSearch();
  return <AuthPage referralCode={ref} initialMode={mode ?? (ref ? 'signup' : 'signin')} />;
}
